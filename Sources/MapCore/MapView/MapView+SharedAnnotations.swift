import MapGeometry
import ViewKit

/// What a map keeps about the annotations of its shared source: only what
/// differs from the source, so it grows with what the map shows and what its
/// app changed, never with the size of the world.
struct SharedAnnotationsState {
    /// A shared annotation shown somewhere else than its coordinate's point.
    struct Displaced {
        let annotation: Annotation
        var point: Point
        /// Its coordinate's point when last read: a step that reaches it reads again.
        var target: Point
    }

    /// Where the shared annotations come from; nil: the map shows only its own.
    var source: SharedAnnotationSource?
    /// Glides in progress (`showAnnotation(_:at:)`), by key.
    var displaced: [AnnotationKey: Displaced] = [:]
    /// Shared annotations the app removed from this map while the source still
    /// holds them (`removeAnnotations`); adding them again shows them again.
    var hidden: [AnnotationKey: Annotation] = [:]
    /// The app's own annotations (`addAnnotations`) that joined cluster
    /// groups, which shared ones also join: a resync must not take them for
    /// shared annotations the source dropped.
    var ownClustered: Set<AnnotationKey> = []
}

/// Shared annotations: a map shows its own annotations (`addAnnotations`,
/// kept in its `AnnotationIndex`) and those of its shared source, asked for
/// near the viewport at each layout. Annotations the delegate clusters are
/// the exception: they join this map's cluster groups, as its own do.
extension MapView {
    /// Annotations shown by every map that has this source, kept once for all
    /// of them (nil: the map shows only its own). Setting it drops the map's
    /// own copies of annotations the source holds: they show from the source.
    package var sharedAnnotations: SharedAnnotationSource? {
        get { shared.source }
        set {
            shared = SharedAnnotationsState(source: newValue, ownClustered: shared.ownClustered)
            if let newValue {
                for a in index.all where newValue.point(of: a) != nil { index.remove(AnnotationKey(a)) }
            }
            needsAnnotationLayout = true
        }
    }

    /// The shared annotations this map's delegate clusters: the only ones
    /// the map keeps for every annotation, however far from its viewport
    /// (its views, glides and hidden ones it checks with the source itself,
    /// `sharedAnnotationsDidReload`).
    package var sharedAnnotationsClusteredHere: [Annotation] {
        clusteredMembers.filter { !shared.ownClustered.contains(AnnotationKey($0)) }
    }

    /// How many annotations this map keeps an entry for itself: its own
    /// index, its clustered members, and shared annotations it shows
    /// displaced or hides. Unclustered shared annotations cost it nothing.
    package var perMapAnnotationCount: Int {
        index.count + clusteredMemberCount + shared.displaced.count + shared.hidden.count
    }

    /// The source gained `annotations` (or the map catches up with it): those
    /// the delegate clusters join this map's cluster groups; the rest show
    /// from the source with nothing kept here. Ones this map hides stay hidden.
    /// The delegate is not asked about those whose clustering the source
    /// decides (`SharedAnnotationSource.decidesClustering(of:)`).
    package func sharedAnnotationsDidAdd(_ annotations: [Annotation]) {
        let source = shared.source
        for a in annotations where shared.hidden[AnnotationKey(a)] == nil {
            if let source, source.decidesClustering(of: a) {
                // Clustered, or gathered: a new epoch brings it here. Else it may make the pins near too many.
                if !isGatheredBySource(a), mayBeLaidOut(Mercator.project(a.coordinate)) {
                    needsAnnotationLayout = true
                }
                continue
            }
            if addToClusterGroup(a) {
                shared.displaced[AnnotationKey(a)] = nil
                needsAnnotationLayout = true
            } else if mayBeLaidOut(Mercator.project(a.coordinate)) {
                needsAnnotationLayout = true
            }
        }
    }

    /// The source dropped `annotations`: their views, glides, selection and
    /// any entry this map kept for them go.
    package func sharedAnnotationsDidRemove(_ annotations: [Annotation]) {
        removeAnnotations(annotations, hidingShared: false)
    }

    /// The source changed in ways the map was not told about one by one (an
    /// app that fell behind its change log): everything jumps to where the
    /// source has it now, and what the map kept for annotations the source
    /// no longer holds goes. Cluster indexes are rebuilt from the members'
    /// coordinates at the next layout.
    package func sharedAnnotationsDidReload() {
        shared.displaced.removeAll()
        guard let source = shared.source else { return }
        shared.hidden = shared.hidden.filter { source.point(of: $0.value) != nil }
        var vanished: [Annotation] = []
        for view in liveViews.values {
            guard let a = view.annotation, !(a is ClusterAnnotation) else { continue }
            let key = AnnotationKey(a)
            if !index.contains(key), !isClusteredMember(key), source.point(of: a) == nil { vanished.append(a) }
        }
        if let selected, !index.contains(AnnotationKey(selected)), !isClusteredMember(AnnotationKey(selected)),
            source.point(of: selected) == nil, !vanished.contains(where: { $0 === selected })
        {
            vanished.append(selected)
        }
        removeAnnotations(vanished, hidingShared: false)
        for identifier in clustering.groups.keys { clustering.groups[identifier]?.index = nil }
        needsAnnotationLayout = true
    }

    // MARK: Used by MapView

    /// The source's point of `annotation` when it shows from the source
    /// here: held there, not hidden, not one of this map's own or clustered
    /// annotations. One lock of the source.
    func sharedPoint(_ key: AnnotationKey, _ annotation: Annotation) -> Point? {
        guard let source = shared.source, shared.hidden[key] == nil, !index.contains(key),
            !isClusteredMember(key), !isGatheredBySource(annotation, of: source)
        else { return nil }
        return source.point(of: annotation)
    }

    /// Whether `annotation` shows from the source here.
    func showsShared(_ key: AnnotationKey, _ annotation: Annotation) -> Bool {
        isShownShared(key, annotation) || sharedPoint(key, annotation) != nil
    }

    /// Whether `annotation` is a shared one this map is showing now (with a
    /// view or a glide), answered without locking the source: the per-move
    /// paths of a session watching thousands of moving pins must not queue
    /// on the lock the feed writes under.
    func isShownShared(_ key: AnnotationKey, _ annotation: Annotation) -> Bool {
        guard let source = shared.source, shared.displaced[key] != nil || liveViews[key] != nil,
            !(annotation is ClusterAnnotation), !index.contains(key), !isClusteredMember(key),
            !isGatheredBySource(annotation, of: source)
        else { return false }
        return true
    }

    /// The shared annotations to show in `rect` with the point to show them
    /// at: the source's, or a glide's while one is under way (so a pin gliding
    /// out keeps its view until it has left, and one gliding in gets its view
    /// as it enters). `unclustered` are the source's unclustered pins to show
    /// one by one there (`unclusteredPinsToShow(in:)`), filtered the same way.
    func sharedAnnotations(in rect: Rect, unclustered: [(annotation: Annotation, point: Point)] = [])
        -> [(annotation: Annotation, point: Point)]
    {
        guard let source = shared.source else { return [] }
        let found = source.delegatedAnnotations(in: rect)
        var out: [(annotation: Annotation, point: Point)] = []
        out.reserveCapacity(found.count + unclustered.count)
        appendShownOneByOne(found, to: &out)
        appendShownOneByOne(unclustered, to: &out)
        for d in shared.displaced.values where WorldWrap.contains(rect, d.point) {
            out.append((d.annotation, d.point))
        }
        return out
    }

    /// Appends the entries of `found`, the source's, that show one by one
    /// here at the source's point: not clustered by the delegate, not gliding,
    /// not hidden, not one of the map's own.
    func appendShownOneByOne(
        _ found: [(annotation: Annotation, point: Point)],
        to out: inout [(annotation: Annotation, point: Point)]
    ) {
        guard !found.isEmpty else { return }
        // The member sets taken out once (asking the groups per entry copies a
        // group each time), and empty tables not asked at all: a layout over
        // thousands of shared annotations filters them with one lookup each.
        let clustered = clustering.groups.values.compactMap { $0.keys.isEmpty ? nil : $0.keys }
        let (displaced, hidden) = (shared.displaced, shared.hidden)
        let checksOwn = index.count > 0
        for i in found.indices {
            let key = AnnotationKey(found[i].annotation)
            if !clustered.isEmpty, clustered.contains(where: { $0.contains(key) }) { continue }
            if !displaced.isEmpty, displaced[key] != nil { continue }
            if !hidden.isEmpty, hidden[key] != nil { continue }
            if checksOwn, index.contains(key) { continue }
            out.append(found[i])
        }
    }

    /// Where a shared annotation is shown: a glide's point, its view's place,
    /// else the source's point; nil when it does not show from the source.
    func sharedDisplayedPoint(of annotation: Annotation) -> Point? {
        let key = AnnotationKey(annotation)
        if let d = shared.displaced[key] { return d.point }
        if isShownShared(key, annotation), let anchor = liveViews[key]?.worldAnchor { return anchor }
        // Shown alone by the source's clustering: where its view stands.
        if isGatheredBySource(annotation) { return liveViews[key]?.worldAnchor }
        return sharedPoint(key, annotation)
    }

    /// Records that a shared annotation is shown at `point`; false when it
    /// does not show from the source. At its coordinate's point it is no
    /// longer displaced (the glide is over). Only a pin with neither a view
    /// nor a glide here asks the source whether it holds it; the steps of a
    /// glide compare with the point they head for and read the annotation's
    /// coordinate again only when they reach it.
    func showShared(_ annotation: Annotation, at point: Point) -> Bool {
        let key = AnnotationKey(annotation)
        // Every step of every glide comes here: one lookup, and the entry
        // changed in place rather than copied out and stored back.
        if let i = shared.displaced.index(forKey: key) {
            if !Self.isSamePoint(point, shared.displaced.values[i].target) {
                shared.displaced.values[i].point = point
                return true
            }
            let target = Mercator.project(annotation.coordinate)
            if Self.isSamePoint(point, target) {
                shared.displaced.remove(at: i)
            } else {
                shared.displaced.values[i].target = target
                shared.displaced.values[i].point = point
            }
            return true
        }
        guard isShownShared(key, annotation) || sharedPoint(key, annotation) != nil else { return false }
        let target = Mercator.project(annotation.coordinate)
        if !Self.isSamePoint(point, target) {
            shared.displaced[key] = SharedAnnotationsState.Displaced(
                annotation: annotation, point: point, target: target)
        }
        return true
    }

    /// A shared annotation moved to its coordinate (a drag here, a far move):
    /// a glide it had is over, and its view goes there now. A far one without
    /// a view costs a rect test, not a lock of the source.
    func sharedAnnotationDidMove(_ annotation: Annotation) {
        let key = AnnotationKey(annotation)
        shared.displaced[key] = nil
        let point = Mercator.project(annotation.coordinate)
        if let view = liveViews[key] {
            guard isShownShared(key, annotation) else { return }
            view.place(at: point)
            if let callout, callout.annotationView === view, let anchor = view.worldAnchor {
                callout.worldAnchor = anchor
            }
            needsAnnotationLayout = true
        } else if mayBeLaidOut(point), !isGatheredBySource(annotation) {
            // A gathered pin shows where the epoch that merges the move has it.
            needsAnnotationLayout = true
        }
    }

    /// The app removed a shared annotation from this map (`hide`), or the
    /// source dropped it: forget its glide, and hide it while the source holds it.
    func forgetShared(_ annotation: Annotation, hide: Bool) {
        let key = AnnotationKey(annotation)
        shared.displaced[key] = nil
        if hide, let source = shared.source, source.point(of: annotation) != nil {
            shared.hidden[key] = annotation
        } else {
            shared.hidden[key] = nil
        }
    }

    /// The app adds an annotation: shown again if it was hidden; true when the
    /// source holds it, so the map keeps nothing for it (unless it clusters).
    func unhideShared(_ annotation: Annotation) -> Bool {
        shared.hidden[AnnotationKey(annotation)] = nil
        return shared.source?.point(of: annotation) != nil
    }

    /// The shared annotations this map shows (for `annotations`).
    var shownSharedAnnotations: [Annotation] {
        guard let source = shared.source else { return [] }
        return source.allAnnotations.filter { a in
            let key = AnnotationKey(a)
            return shared.hidden[key] == nil && !index.contains(key) && !isClusteredMember(key)
        }
    }

    /// Whether `point` lies in what was laid out, in any copy of the world (or nothing is laid out yet).
    func mayBeLaidOut(_ point: Point) -> Bool {
        laidOutRect.map { WorldWrap.contains($0, point) } ?? true
    }

    /// Points closer than 1/1000 world unit (about 1/4000 px at zoom 20) are the same place.
    static func isSamePoint(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) < 1e-3 && abs(a.y - b.y) < 1e-3
    }
}
