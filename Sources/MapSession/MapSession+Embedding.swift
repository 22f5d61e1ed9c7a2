import DisplayList
import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport
import ViewKit
import Wire

/// What a session keeps for the page that embeds its map (confined to its queue).
struct SessionEmbedding {
    /// The origins whose pages may embed the map and talk to it, as the page
    /// compares them with `MessageEvent.origin`.
    let origins: [String]
    /// Frame ops waiting for the next frame: the origins (frame 1) and events.
    var pendingOps: [FrameOp] = []
}

/// The map inside another site's page: selection, camera and callout taps go
/// out as events (the page forwards them with `postMessage`), and the
/// embedding page's commands come in as `EMBED_*` messages. Selection and the
/// camera live here, so the events are decided here, whoever caused the change.
extension MapSession {
    /// Tells the page who may embed it and where the camera starts, and
    /// observes the map; the app keeps the map's delegate to itself.
    func startEmbedding() {
        guard let mapView else { return }
        embedding.pendingOps.append(.embedOrigins(embedding.origins))
        emitCamera(mapView.camera)
        mapView.observer.didSelect = { [unowned self] annotation in
            if let id = embedID(of: annotation) { emit(.select(id: id)) }
        }
        mapView.observer.didDeselect = { [unowned self] annotation in
            if let id = embedID(of: annotation) { emit(.deselect(id: id)) }
        }
        mapView.observer.cameraDidSettle = { [unowned self] camera in emitCamera(camera) }
        mapView.observer.calloutControlTapped = { [unowned self] view, control in
            guard let annotation = view.annotation, let id = embedID(of: annotation) else { return }
            emit(.calloutAction(id: id, control: Self.controlName(control, of: view)))
        }
    }

    /// Carries out a command of the embedding page.
    func perform(_ command: EmbedCommand) {
        guard let mapView else { return }
        switch command {
        case let .setCamera(latitude, longitude, zoom, animated):
            let target = Camera(center: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom)
            mapView.setCamera(target, animated: animated)
        case let .select(id):
            guard let annotation = annotation(withEmbedID: id) else {
                logger.debug("session \(self.id): no annotation \(id) to select")
                return
            }
            // Off screen it has no view to open a callout on: look at it first (the short way round).
            let point = Mercator.project(annotation.coordinate)
            if !WorldWrap.contains(mapView.camera.visibleWorldRect(viewport: mapView.bounds.size), point) {
                mapView.setCamera(Camera(center: point, zoom: mapView.camera.zoom), animated: false)
            }
            mapView.selectAnnotation(annotation, animated: true)
        case .deselect:
            mapView.deselectAnnotation(nil, animated: true)
        }
    }

    /// The ops to add to the frame being built, taken from the queue.
    func takeEmbedOps() -> [FrameOp] {
        defer { embedding.pendingOps.removeAll() }
        return embedding.pendingOps
    }

    private func emitCamera(_ camera: Camera) {
        let center = camera.centerCoordinate
        emit(.camera(latitude: center.latitude, longitude: center.longitude, zoom: camera.zoom))
    }

    private func emit(_ event: EmbedEvent) {
        embedding.pendingOps.append(.embedEvent(event))
        flow.isDirty = true
    }

    /// The shared store's id, else the title of an annotation only this tab
    /// shows; nil for one with neither (a cluster), which the page never hears of.
    func embedID(of annotation: Annotation) -> String? {
        if annotation is ClusterAnnotation { return nil }
        if let id = world.store.id(of: annotation) { return id }
        guard let title = annotation.title, !title.isEmpty else { return nil }
        return title
    }

    private func annotation(withEmbedID id: String) -> Annotation? {
        if let record = world.store.record(id: id) { return record.annotation }
        return mapView?.annotations.first {
            !($0 is ClusterAnnotation) && world.store.id(of: $0) == nil && $0.title == id
        }
    }

    /// What the page calls a callout control: its accessible name, else the
    /// side it sits on.
    static func controlName(_ control: Control, of view: AnnotationView) -> String {
        if let label = control.accessibilityLabel, !label.isEmpty { return label }
        return view.leftCalloutAccessoryView === control ? "left" : "right"
    }
}
