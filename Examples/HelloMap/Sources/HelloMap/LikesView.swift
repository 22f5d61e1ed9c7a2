import MapWire

/// The callout's detail view (`detailCalloutAccessoryView`): the place's
/// subtitle and how many times this tab liked it.
final class LikesView: View {
    static let maxWidth = 200.0

    let subtitleLabel: Label
    let likesLabel: Label

    init(fonts: FontBook) {
        subtitleLabel = Label(text: "", typeface: fonts.regular, fontSize: 13, color: Color(hex: 0x6C6C70))
        likesLabel = Label(text: "", typeface: fonts.bold, fontSize: 13, color: PlaceView.likedColor)
        super.init()
        subtitleLabel.numberOfLines = 2
        // A role puts the text in the page's accessibility mirror, for screen readers (and tests).
        subtitleLabel.accessibilityRole = .text
        likesLabel.accessibilityRole = .text
        addSubview(subtitleLabel)
        addSubview(likesLabel)
    }

    /// Shows `subtitle` and `likes`, and sizes itself to fit: the callout
    /// lays out around the detail view's frame.
    func show(subtitle: String?, likes: Int) {
        subtitleLabel.text = subtitle ?? ""
        likesLabel.text =
            switch likes {
            case 0: "No likes yet"
            case 1: "♥ 1 like"
            default: "♥ \(likes) likes"
            }
        let subtitleSize = subtitleLabel.sizeThatFits(maxWidth: Self.maxWidth)
        let likesSize = likesLabel.sizeThatFits(maxWidth: Self.maxWidth)
        subtitleLabel.frame = Rect(origin: .zero, size: subtitleSize)
        likesLabel.frame = Rect(x: 0, y: subtitleSize.height + 4, width: likesSize.width, height: likesSize.height)
        frame.size = Size(width: max(subtitleSize.width, likesSize.width), height: likesLabel.frame.maxY)
    }
}
