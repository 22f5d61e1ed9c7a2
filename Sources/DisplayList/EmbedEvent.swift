/// What a map tells the page that embeds it in an `<iframe>` (docs/embedding.md):
/// the server decides these, the page only forwards them with `postMessage`.
package enum EmbedEvent: Hashable, Sendable {
    /// An annotation was selected; `id` is its shared-store id, or its title
    /// for an annotation only this tab shows.
    case select(id: String)
    /// The annotation `id` was deselected.
    case deselect(id: String)
    /// The camera settled here.
    case camera(latitude: Double, longitude: Double, zoom: Double)
    /// The control named `control` in the callout of annotation `id` was tapped.
    case calloutAction(id: String, control: String)
}
