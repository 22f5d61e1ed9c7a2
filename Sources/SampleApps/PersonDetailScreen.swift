import MapWire

/// The screen behind "See details" (the Wishlist sample's detail view
/// controller): a
/// bar with a Back button and the person's name as the screen's heading, then
/// their avatar, name, place and bio, and the whole wishlist in a list that
/// scrolls on its own.
public final class PersonDetailScreen: Screen {
    /// Whose screen it is.
    public let person: Person
    /// Pops the screen, as a navigation bar's back button does.
    public let backButton: Button
    /// The screen's title in the bar.
    public let titleLabel: Label
    /// Their round avatar.
    public let avatarView: ImageView
    /// Their name.
    public let nameLabel: Label
    /// Where they live.
    public let placeLabel: Label
    /// Their bio, wrapped to the screen's width.
    public let bioLabel: Label
    /// The "Wishlist" heading above the list.
    public let wishlistHeading: Label
    /// Their wishes, one row each.
    public let listView = ListView()
    private let bar = View()
    private let wishList: WishList

    static let barHeight = 56.0
    static let maxContentWidth = 640.0

    /// The detail screen of `person`, which "See details" on their card pushes.
    public init(person: Person, avatar: ImageResource?, fonts: FontBook) {
        self.person = person
        backButton = Button(
            title: "‹ Back", typeface: fonts.bold, fontSize: 15, titleColor: Color(hex: 0x2F6FDE),
            color: .clear, highlightedColor: Color(hex: 0xE5E5EA))
        backButton.accessibilityLabel = "Back"
        titleLabel = Label(text: person.name, typeface: fonts.bold, fontSize: 17, color: Color(hex: 0x1C1C1E))
        titleLabel.alignment = .center
        avatarView = ImageView(image: avatar)
        nameLabel = Label(text: person.name, typeface: fonts.bold, fontSize: 24, color: Color(hex: 0x1C1C1E))
        placeLabel = Label(text: person.place, typeface: fonts.regular, fontSize: 15, color: Color(hex: 0x6C6C70))
        bioLabel = Label(text: person.bio, typeface: fonts.regular, fontSize: 15, color: Color(hex: 0x3A3A3C))
        wishlistHeading = Label(
            text: "Wishlist (\(person.wishes.count))", typeface: fonts.bold, fontSize: 17,
            color: Color(hex: 0x1C1C1E))
        wishList = WishList(wishes: person.wishes, fonts: fonts, fontSize: 15)
        super.init()
        backgroundColor = Color(hex: 0xF2F2F7)
        bar.backgroundColor = .white
        bar.shadow = ItemShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.15), blur: 6, offsetY: 1)
        titleLabel.accessibilityRole = .heading
        nameLabel.numberOfLines = 2
        placeLabel.accessibilityRole = .text
        bioLabel.numberOfLines = 0
        bioLabel.accessibilityRole = .text
        wishlistHeading.accessibilityRole = .heading
        avatarView.cornerRadius = 48
        avatarView.clipsToBounds = true
        listView.backgroundColor = .white
        listView.cornerRadius = 10
        listView.accessibilityLabel = "Wishlist of \(person.name)"
        backButton.onTap = { [weak self] in self?.navigationStack?.pop(animated: true) }
        for v in [avatarView, nameLabel, placeLabel, bioLabel, wishlistHeading, listView, bar] as [View] {
            addSubview(v)
        }
        bar.addSubview(backButton)
        bar.addSubview(titleLabel)
        wishList.attach(to: listView)
    }

    public override var initialFocus: View? { backButton }

    public override func layout(in size: Size) {
        super.layout(in: size)
        bar.frame = Rect(x: 0, y: 0, width: size.width, height: Self.barHeight)
        backButton.frame = Rect(x: 8, y: 10, width: 84, height: 36)
        backButton.layoutTitle()
        titleLabel.frame = Rect(
            x: 100, y: ((Self.barHeight - titleLabel.lineHeight) / 2).rounded(),
            width: max(0, size.width - 200), height: titleLabel.lineHeight)
        let width = min(Self.maxContentWidth, size.width - 32)
        let x = ((size.width - width) / 2).rounded()
        var y = Self.barHeight + 20
        avatarView.frame = Rect(x: x, y: y, width: 96, height: 96)
        let textX = x + 96 + 16
        let textW = max(40, width - 96 - 16)
        nameLabel.frame = Rect(origin: Point(x: textX, y: y + 8), size: nameLabel.sizeThatFits(maxWidth: textW))
        placeLabel.frame = Rect(x: textX, y: nameLabel.frame.maxY + 2, width: textW, height: placeLabel.lineHeight)
        y = max(avatarView.frame.maxY, placeLabel.frame.maxY) + 16
        bioLabel.frame = Rect(origin: Point(x: x, y: y), size: bioLabel.sizeThatFits(maxWidth: width))
        bioLabel.frame.size.width = width
        y = bioLabel.frame.maxY + 20
        wishlistHeading.frame = Rect(x: x, y: y, width: width, height: wishlistHeading.lineHeight)
        y = wishlistHeading.frame.maxY + 8
        listView.rowHeight = 40
        // As tall as its rows (a short wishlist leaves no empty panel), at most what the screen has left.
        let rowsHeight = listView.rowHeight * Double(person.wishes.count)
        listView.frame = Rect(x: x, y: y, width: width, height: min(rowsHeight, max(80, size.height - y - 20)))
        listView.reloadData()
    }
}
