import DisplayList
import MapCore
import MapGeometry
import ViewKit

/// A wishlist person's pin: the blue flag with its pole's tip on the
/// person's coordinate, and their avatar as the callout's left accessory.
public final class PersonPinView: AnnotationView {
    public static let reuseIdentifier = "person"

    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        canShowCallout = true
        displayPriority = .required
    }

    /// Sets the pin image and puts the pole's tip (bottom centre) on the coordinate.
    func configure(pin: ImageResource, avatar: ImageResource?) {
        image = pin
        centerOffset = Point(x: 0, y: -Double(pin.height) / 2)
        calloutOffset = Point(x: 0, y: 2)
        if let avatar {
            let avatarView = (leftCalloutAccessoryView as? ImageView) ?? ImageView(image: avatar)
            avatarView.image = avatar
            avatarView.frame.size = Size(width: 36, height: 36)
            avatarView.cornerRadius = 18
            avatarView.clipsToBounds = true
            leftCalloutAccessoryView = avatarView
        }
    }
}
