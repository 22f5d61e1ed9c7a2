import DisplayList
import MapGeometry
import ViewKit

extension MapView {
    /// Follows a new epoch of the shared clusterings in place and renders
    /// only the annotation views that changed since the last render, as a
    /// patch of it: under a live feed a watching map's frame changes a
    /// dozen badge counts among a hundred and more views, and laying out,
    /// rendering and diffing the whole window for them was nearly all it
    /// cost, a hundred watchers over. The caller vouches that nothing but
    /// the shared world changed since the last render (no input, no app
    /// change, nothing from the change log) and gives that render's
    /// generation; the map checks the rest: the same camera and size, no
    /// animation, gesture, selection or callout, and an epoch it can follow
    /// without laying out again (`followSharedClustersInPlace`), with no view
    /// moved onto or off a city's name.
    ///
    /// Nil when any of that does not hold: the caller renders the whole
    /// window, which then finds the epoch followed and lays out nothing
    /// twice. A patch the differ takes must be handed to `commit(_:)`.
    package func renderEpochPatch(afterRender generation: UInt64) -> MapEpochPatch? {
        guard cameraUnchangedSinceRender, selected == nil, callout == nil, !needsAnnotationLayout,
            !overlaysChangedSinceRender, !overlaysAboveRoads.sharedChangedSinceRender,
            let laidOutRect, let layer = annotationContainer as? AnnotationContainerView
        else { return nil }
        let glided = glidedSinceRender
        glidedSinceRender = []
        if sharedClustersChanged {
            guard followSharedClustersInPlace(in: laidOutRect) else { return nil }
        } else if let glided, glided.isEmpty || glidesLeaveCollisionsAsTheyWere(glided) {
            // No new epoch, and no view glided or each glide met nothing: what the passes look at is as they
            // left it. With nothing glided, the log's moves all wait here (gathered pins wait for their
            // epoch, pins out of sight for the next layout), and a watcher of a gathered crowd, woken by
            // every batch of moves near it, ran both passes over every badge for nothing.
            collisionPassesSkipped += 1
            return layer.renderPatch(lastRender: generation).map { MapEpochPatch(layer: $0) }
        }
        resolveCollisions()
        let obstacles = cityLabelObstacles()
        if streetLabels.drawsTheSameNames(under: obstacles) {
            return layer.renderPatch(lastRender: generation).map { MapEpochPatch(layer: $0) }
        }
        // A view that moved onto a place's name, or off one: the name's `hidden` patched with the views, or a
        // whole frame when names come or go.
        guard let names = streetLabels.patch(under: obstacles) else { return nil }
        guard let patch = layer.renderPatch(lastRender: generation) else {
            streetLabels.dropPatch()
            return nil
        }
        return MapEpochPatch(layer: patch, names: names)
    }

    /// No gesture, wheel or animation moves the camera, and it and the size
    /// are those of the last render: what that render drew still stands.
    var cameraRestsSinceRender: Bool {
        gestures.pointers.isEmpty && cameraUnchangedSinceRender
    }

    /// The camera and the size are those of the last render, and nothing
    /// moves the camera but the next input: a finger held down between two
    /// moves of a pan leaves the last render standing as a map at rest does,
    /// so a live change until the next move is a patch of it.
    var cameraUnchangedSinceRender: Bool {
        guard let window, !window.animator.isAnimating, gestures.wheelSettlesAt == nil, let rendered else {
            return false
        }
        return rendered.camera == camera && rendered.size == frame.size
    }

    /// Whether the shared world's lines and areas changed since the last render.
    package var sharedOverlaysChangedSinceRender: Bool { overlaysAboveRoads.sharedChangedSinceRender }

    /// The growing shapes of the overlay layer above roads drawn afresh,
    /// when nothing but their growth changed since the render of
    /// `generation` (trails): a frame of a few items rather than a whole
    /// render of the window, a hundred watchers over. The same
    /// vouching as `renderEpochPatch(afterRender:)`, and no change in the
    /// annotation layer to patch besides. Nil when that does not hold; a
    /// patch the differ takes must be handed to `commit(_:)`.
    package func renderOverlayPatch(afterRender generation: UInt64) -> OverlayLayerPatch? {
        guard cameraUnchangedSinceRender, !needsAnnotationLayout, !overlaysChangedSinceRender, !sharedClustersChanged,
            glidedSinceRender?.isEmpty ?? false
        else { return nil }
        return overlaysAboveRoads.renderPatch(lastRender: generation)
    }

    /// Takes in a patch of `renderOverlayPatch(afterRender:)` that the differ took.
    package func commit(_ patch: OverlayLayerPatch) {
        overlaysAboveRoads.commit(patch)
    }

    /// Takes in the annotation layer's patch of `renderEpochPatch(afterRender:)` that the differ took.
    package func commit(_ patch: AnnotationLayerPatch) {
        (annotationContainer as? AnnotationContainerView)?.commit(patch)
    }

    /// Takes in the name layer's patch of `renderEpochPatch(afterRender:)` that the differ took.
    package func commitNamePatch() {
        streetLabels.commitPatch()
    }

    /// Lets go of a name layer's patch the differ did not take: the next render places the names again.
    package func dropNamePatch() {
        streetLabels.dropPatch()
    }
}

/// What a live change did to a map at rest, as patches of the layers it
/// touched: the annotation views, and the street names a view moved onto
/// or off (nil when none did).
package struct MapEpochPatch {
    package var layer: AnnotationLayerPatch
    package var names: ScenePatch?
}
