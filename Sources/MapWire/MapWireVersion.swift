/// The version of MapWire this library is: what `mapwire --version` prints
/// and `/metrics` reports as `mapwire_build_info{version}`.
public enum MapWireVersion {
    /// The release, as `major.minor.patch`.
    public static let current = "0.1.0"
}
