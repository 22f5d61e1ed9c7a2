import DisplayList
import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport
import ViewKit

/// What a session keeps about the shared live world (confined to its queue).
/// Not the world itself: its map reads the store's shared index, and the
/// session keeps only its place in the change log and the glides under way.
struct SessionLiveState {
    var subscriber: LiveSubscriber?
    /// The store version this session's map reflects.
    var syncedVersion: UInt64 = 0
    /// The world rect last published to the store (viewport plus margin).
    var publishedRect: Rect?
    /// The last replay of the change log only glided pins that keep their
    /// views (or passed moves over): the shared world changed the window no
    /// other way, so the frame may be a patch of the moved views.
    var replayOnlyGlided = true
    /// Moves the replay looked at rather than passed over, since the start.
    var movesReplayed = 0
    /// Frames sent as a patch of the annotation views an epoch changed, since the start.
    var patchFrames = 0
    /// Of those, the ones that also patched which street names a moved view hides.
    var namePatches = 0
}

/// Live moves in a session: subscribe to the shared store, catch up on its
/// change log before each frame, and glide moved pins over the feed's
/// interval: one anchor change a move, the page drawing the way there.
extension MapSession {
    /// A first move (no interval known yet) glides this long, in seconds.
    static let defaultGlide = 0.25
    /// No glide lasts longer than this, however sparse the feed.
    static let maxGlide = 1.0
    /// Margin around the viewport, as a fraction of its size, within which
    /// moves wake the session (a bit more than the map's reuse margin).
    static let liveMargin = 0.25

    /// Called once the map exists: points it at the store's shared index,
    /// brings it in line with the store and starts listening for changes
    /// near the viewport.
    func startLive() {
        mapView?.sharedAnnotations = world.store
        mapView?.sharedOverlays = world.store.sharedOverlays
        resyncLive()
        // A drag here is a live move for everyone else (and for the HTTP API).
        mapView?.annotationDragDidMove = { [world] annotation, coordinate in
            world.move(annotation, to: coordinate)
        }
        let subscriber = LiveSubscriber(onWake: { [weak self] in
            guard let self else { return }
            self.queue.async { self.liveWake() }
        })
        live.subscriber = subscriber
        subscriber.didRead(through: live.syncedVersion)
        world.store.subscribe(id, subscriber)
        publishLiveViewport()
    }

    func stopLive() {
        world.store.unsubscribe(id)
        live.subscriber = nil
    }

    /// The store saw a change this session can see.
    func liveWake() {
        live.subscriber?.didWake()
        guard !isClosed else { return }
        flow.isDirty = true
        // While the display-frame timer runs, its next tick sends everything
        // since the last frame in one; otherwise send now.
        if timer == nil { sendFrameIfPossible() }
    }

    /// Before each frame: replay the store's changes since the last one and
    /// publish where the camera looks now.
    func prepareLiveFrame() {
        applyLiveChanges()
        live.subscriber?.didRead(through: live.syncedVersion)
        if let time = live.subscriber?.takeEpochChangesTime() {
            frameTiming?.liveChangesApplied(receivedAt: time.receivedAt)
            frameTiming?.clusterEpochApplied(publishedAt: time.publishedAt)
        }
        publishLiveViewport()
        if let counts = mapView?.reuseCounts { live.subscriber?.reuseCounts.withLock { $0 = counts } }
    }

    /// After a frame: tells the store whether the map gathers the
    /// unclustered pins, so that their epochs wake only maps that do (the
    /// others hear of those changes from the change log). A map that began
    /// gathering laid them out from the snapshot it read then; an epoch
    /// published since woke nobody here, so the session wakes itself.
    func noteGathering() {
        guard let mapView, let subscriber = live.subscriber else { return }
        let gathers = mapView.gathersUnclusteredPins
        guard subscriber.gathersUnclustered != gathers else { return }
        subscriber.gathersUnclustered = gathers
        if gathers, world.store.clusterEpoch != mapView.laidOutClusterEpoch ?? 0 {
            queue.async { [weak self] in self?.liveWake() }
        }
    }

    /// The ops of a frame that patches only the annotation views the shared
    /// clusterings' new epoch, or the glides of the change log's moves,
    /// changed (`MapView.renderEpochPatch`); nil when the window must be
    /// rendered whole. Call it only when nothing but the shared world changed
    /// the window since the last frame.
    func epochPatchOps(in window: Window) -> [FrameOp]? {
        if let mapView, mapView.sharedOverlaysChangedSinceRender {
            // The shared shapes changed: a patch of the overlay layer, when nothing else did.
            guard let patch = mapView.renderOverlayPatch(afterRender: window.generation),
                let ops = differ.patch(patch.scene)
            else { return nil }
            mapView.commit(patch)
            live.patchFrames += 1
            return ops
        }
        guard let mapView, let patch = mapView.renderEpochPatch(afterRender: window.generation) else { return nil }
        guard let ops = differ.patch(patch.layer.scene) else {
            if patch.names != nil { mapView.dropNamePatch() }
            return nil
        }
        mapView.commit(patch.layer)
        live.patchFrames += 1
        guard let names = patch.names else { return ops }
        guard let more = differ.patch(names) else {
            // The differ took the views but not the names: a whole diff after the views' patch carries them.
            mapView.dropNamePatch()
            return ops + wholeFrameOps(in: window)
        }
        mapView.commitNamePatch()
        live.namePatches += 1
        return ops + more
    }

    func publishLiveViewport() {
        guard let mapView, let subscriber = live.subscriber else { return }
        let visible = mapView.camera.visibleWorldRect(viewport: mapView.frame.size)
        let rect = visible.insetBy(dx: -visible.width * Self.liveMargin, dy: -visible.height * Self.liveMargin)
        guard rect != live.publishedRect else { return }
        live.publishedRect = rect
        subscriber.publish(rect)
    }

    /// Brings the map in line with the store (at start, or when the session
    /// fell further behind than the log reaches): what it holds of its own
    /// that the store dropped goes, the annotations the delegate clusters join
    /// its cluster groups, and everything else shows from the store's shared
    /// index, nothing copied per session. The API's pins are not even looked
    /// at: the map asks the store for those near its viewport, and reads the
    /// clustered ones from the store's published clusters. Pins jump to
    /// where they are now.
    func resyncLive() {
        live.replayOnlyGlided = false
        guard let mapView else { return }
        // What the delegate clusters here, read before the snapshot: an
        // annotation added in between is in the snapshot, not taken for one
        // the store dropped. The app's own annotations are not the store's to
        // drop, and the map checks its views, glides and hidden ones itself.
        let shown = mapView.sharedAnnotationsClusteredHere
        let (annotations, version) = world.store.delegatedSnapshot()
        var wanted = Set<AnnotationKey>(minimumCapacity: annotations.count)
        for a in annotations { wanted.insert(AnnotationKey(a)) }
        let stale = shown.filter { !wanted.contains(AnnotationKey($0)) }
        if !stale.isEmpty { mapView.sharedAnnotationsDidRemove(stale) }
        mapView.sharedAnnotationsDidAdd(annotations)
        mapView.sharedAnnotationsDidReload()
        // Edits the log no longer holds: the views shown may have missed some.
        mapView.annotationStylesDidChange()
        live.syncedVersion = version
    }

    /// Replays the change log since `syncedVersion`: adds and removes at once,
    /// and only the latest move of each annotation, as a glide. Moves that
    /// cannot change this map (far from its viewport, of pins it keeps
    /// nothing for) are passed over in place, so a panning session far from
    /// a busy feed copies none of them.
    func applyLiveChanges() {
        guard let mapView else { return }
        guard let changes = world.store.changes(since: live.syncedVersion) else {
            resyncLive()
            return
        }
        guard changes.through != live.syncedVersion else { return }
        live.syncedVersion = changes.through
        live.replayOnlyGlided = true
        // Per moved annotation: where it was before its first move in this
        // batch, where its latest took it, and that one's interval.
        var moved: [AnnotationKey: (annotation: Annotation, from: Point, to: Point, interval: Double?)] = [:]
        var order: [AnnotationKey] = []
        var oldestSeen: Double?
        let rect = live.publishedRect
        // Whether a change could be seen here, for the event-to-frame latency.
        func seen(_ change: UnsafePointer<LoggedChange>) {
            let (to, from) = (change.pointee.to, change.pointee.from)
            guard let rect, WorldWrap.contains(rect, to) || WorldWrap.contains(rect, from) else { return }
            oldestSeen = min(oldestSeen ?? change.pointee.receivedAt, change.pointee.receivedAt)
        }
        changes.forEach { change in
            let key = change.pointee.key
            switch change.pointee.kind {
            case .added:
                live.replayOnlyGlided = false
                mapView.sharedAnnotationsDidAdd([change.pointee.annotation])
                seen(change)
            case .removed:
                live.replayOnlyGlided = false
                seen(change)
                mapView.sharedAnnotationsDidRemove([change.pointee.annotation])
                moved[key] = nil
            case .restyled:
                live.replayOnlyGlided = false
                // Colour and glyph now; title and subtitle the marker and an open callout re-read each frame.
                mapView.annotationStyleDidChange(change.pointee.annotation)
                seen(change)
            case .moved:
                let (from, to) = (change.pointee.from, change.pointee.to)
                guard
                    rect.map({ WorldWrap.contains($0, from) || WorldWrap.contains($0, to) }) ?? true
                        || mapView.isAffected(byMoveOf: key, from: from, to: to)
                else { return }
                live.movesReplayed += 1
                if let first = moved[key] {
                    moved[key] = (first.annotation, first.from, to, change.pointee.interval)
                } else {
                    order.append(key)
                    moved[key] = (change.pointee.annotation, from, to, change.pointee.interval)
                }
                seen(change)
            }
        }
        for key in order {
            guard let m = moved[key] else { continue }
            glide(m.annotation, from: m.from, to: m.to, over: m.interval)
        }
        if let oldestSeen { frameTiming?.liveChangesApplied(receivedAt: oldestSeen) }
    }

    /// Moves a pin's view to its coordinate: a view near the viewport glides
    /// there on the page over `interval` (the feed's pace, at most
    /// `maxGlide`), the short way round, in one anchor change; the page draws
    /// the way. Pins without a view, or leaving what was laid out, move at
    /// once and a layout gives or takes their view; pins the map gathers
    /// move with the epoch that merges the move. `logged` is where the log
    /// had the pin before this batch of moves, `to` where it took it.
    func glide(_ annotation: Annotation, from logged: Point, to: Point, over interval: Double?) {
        guard let mapView else { return }
        let near = live.publishedRect.map { WorldWrap.contains($0, logged) || WorldWrap.contains($0, to) } ?? false
        if near, mapView.isGatheredBySource(annotation) { return }
        let duration = min(max(interval ?? Self.defaultGlide, 0), Self.maxGlide)
        let milliseconds = UInt16((duration * 1000).rounded())
        if near, milliseconds > 0, mapView.glideShownAnnotation(annotation, to: to, milliseconds: milliseconds) {
            return
        }
        // Out of sight, in the margin kept around the screen or through it: for the next layout.
        if mapView.defersOffscreenMove(of: annotation, from: logged, to: to) { return }
        live.replayOnlyGlided = false
        mapView.annotationDidMove(annotation)
    }
}
