import LiveWorld
import MapHTTPAPI
import SessionTransport

/// Told by a session what only the session knows about the path from an
/// input to the frame that answers it, so whoever times event-to-frame
/// latency (`MeteredOutput` in the server) can do it without the session
/// knowing who measures. Called on the session's queue; it must be quick.
package protocol FrameTimingObserver: AnyObject, Sendable {
    /// The session applied live changes for its next frame; the oldest
    /// reached the store at `time` (`AnnotationStore.now()`'s clock).
    func liveChangesApplied(receivedAt time: Double)

    /// The session's next frame shows a cluster epoch published at `time`
    /// (the first, if it shows several).
    func clusterEpochApplied(publishedAt time: Double)

    /// The session rendered and found nothing to send: the browser inputs and
    /// live changes so far changed nothing on screen, so the next frame is not
    /// their answer.
    func renderChangedNothing()
}
