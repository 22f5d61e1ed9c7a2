import Foundation
import MapGeometry
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Only the HTTP layer gives the world's refusals a status; the message is
/// the world's own.
@Suite struct APIErrorMappingTests {
    @Test(arguments: [
        (WorldError.unknownID("ghost", moveIndex: 2), 404),
        (.unknownID("ghost"), 404),
        (.duplicateID("a"), 409),
        (.fixedAnnotation("golden-gate-bridge"), 409),
        (.fixedAnnotation("golden-gate-bridge", moveIndex: 0), 409),
        (.coordinateOutOfRange(Coordinate(latitude: 91, longitude: 0), id: "a", moveIndex: 3), 400),
        (.storeUnavailable(reason: "the store could not write: disk I/O error"), 503),
    ])
    func worldErrorsMapToStatusesInTheirOwnWords(error: WorldError, status: Int) throws {
        let mapped = APIError(error)
        #expect(mapped.status == status)
        #expect(mapped.message == error.description)
        let response = mapped.response
        #expect(response.status == status && response.contentType == "application/json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(answer["error"] as? String == error.description)
        #expect(answer["status"] as? Int == status)
        #expect(Set(answer.keys) == ["error", "status"])
    }

    @Test func theRoutesAnswerTheMappedStatus() {
        let api = AnnotationsAPI(store: freshStore())
        func status(_ method: String, _ path: String, _ body: String = "") -> Int {
            api.respond(
                to: RouteRequest(method: method, path: path, body: Array(body.utf8), contentType: "application/json")
            ).status
        }
        let pin = #"{"id":"pin","title":"Pin","latitude":1,"longitude":1}"#
        #expect(status("POST", "/api/annotations", pin) == 201)
        #expect(status("POST", "/api/annotations", pin) == 409)
        #expect(status("DELETE", "/api/annotations/golden-gate-bridge") == 409)
        #expect(status("POST", "/api/moves", #"[{"id":"golden-gate-bridge","latitude":1,"longitude":1}]"#) == 409)
        #expect(status("POST", "/api/moves", #"[{"id":"ghost","latitude":1,"longitude":1}]"#) == 404)
        #expect(status("DELETE", "/api/annotations/ghost") == 404)
        #expect(status("GET", "/api/annotations/ghost") == 404)
    }
}
