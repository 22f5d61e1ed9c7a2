import LiveWorld

extension LiveMetrics {
    /// A sample's value as `/metrics` writes it: `name` with its labels, such
    /// as `mapwire_event_to_frame_seconds_bucket{le="0.01"}`; nil when absent.
    func sample(_ name: String) -> Double? {
        for line in prometheusText().split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2 && parts[0] == name { return Double(parts[1]) }
        }
        return nil
    }

    /// How many times `histogram` (a family name) recorded.
    func count(_ histogram: String) -> Double? {
        sample(histogram + "_count")
    }
}
