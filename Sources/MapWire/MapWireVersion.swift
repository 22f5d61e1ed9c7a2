public enum MapWireVersion {
    public static let current = "0.1.0"
}
