/// One laid-out line of a label or callout.
public struct TextLine: Sendable, Equatable {
    /// The characters drawn on this line, without trailing spaces.
    public var text: String
    /// The measured width of `text`, in CSS px.
    public var width: Double

    /// A line with its measured width (tests build expected lines this way).
    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}
