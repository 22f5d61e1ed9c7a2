import MapWire

/// One wish in a list: its text on one line, cut with "…" when too long,
/// over a hairline separator. Reused as the list scrolls.
final class WishRowView: ListRowView {
    static let identifier = "wish"

    let label: Label
    private let separator = View()

    init(fonts: FontBook, fontSize: Double = 14) {
        label = Label(text: "", typeface: fonts.regular, fontSize: fontSize, color: Color(hex: 0x1C1C1E))
        super.init(reuseIdentifier: Self.identifier)
        separator.backgroundColor = Color(hex: 0xE5E5EA)
        separator.isUserInteractionEnabled = false
        addSubview(label)
        addSubview(separator)
    }

    /// Shows `wish`, named the same in the accessibility mirror.
    func configure(wish: String) {
        label.text = wish
        accessibilityLabel = wish
    }

    override func layoutContent() {
        let h = label.lineHeight
        label.frame = Rect(x: 10, y: ((frame.height - h) / 2).rounded(), width: max(0, frame.width - 20), height: h)
        separator.frame = Rect(x: 10, y: frame.height - 1, width: max(0, frame.width - 20), height: 1)
    }
}

/// A person's wishes as a list's data source.
final class WishList: ListViewDataSource {
    let wishes: [String]
    let fonts: FontBook
    let fontSize: Double

    init(wishes: [String], fonts: FontBook, fontSize: Double = 14) {
        self.wishes = wishes
        self.fonts = fonts
        self.fontSize = fontSize
    }

    /// Registers the row class on `list` and becomes its data source.
    func attach(to list: ListView) {
        list.register(WishRowView.identifier) { [fonts, fontSize] in WishRowView(fonts: fonts, fontSize: fontSize) }
        list.dataSource = self
    }

    func numberOfRows(in listView: ListView) -> Int { wishes.count }

    func listView(_ listView: ListView, rowFor row: Int) -> ListRowView {
        let view = listView.dequeueReusableRow(withIdentifier: WishRowView.identifier)
        (view as? WishRowView)?.configure(wish: wishes[row])
        return view
    }
}
