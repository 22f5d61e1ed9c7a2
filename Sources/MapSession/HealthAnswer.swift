/// `GET /healthz`: `{"status":"ok","sessions":N}`, or `{"status":"store
/// failed","error":"..."}` once the store file stopped taking writes.
struct HealthAnswer: Encodable {
    let status: String
    var sessions: Int?
    var error: String?

    static func ok(sessions: Int) -> HealthAnswer { HealthAnswer(status: "ok", sessions: sessions) }
    static func storeFailed(_ failure: String) -> HealthAnswer { HealthAnswer(status: "store failed", error: failure) }
}
