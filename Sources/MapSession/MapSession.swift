import Dispatch
import DisplayList
import Foundation
import LiveWorld
import Logging
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport
import ViewKit
import Wire

/// One browser tab's map: its window, camera, selection and the frames that
/// keep its canvas in step. All of its state lives on its own serial queue,
/// so sessions run in parallel on every core and the transport's thread only
/// hands bytes over.
package final class MapSession: SessionConnection, @unchecked Sendable {
    /// The camera a session opens with when the URL names none.
    package static let defaultCamera = Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 2)

    package let id: UInt32
    let world: World
    let output: SessionOutput
    /// Told what only the session sees of input-to-frame latency; nil when nobody measures.
    let frameTiming: (any FrameTimingObserver)?
    let queue: DispatchQueue
    let clock: Clock
    /// False in tests, which call `tick()` themselves with a stepped clock.
    let ticksAutomatically: Bool
    let logger: Logger

    // Confined to `queue`.
    var window: Window?
    var mapView: MapView?
    /// What the app sees of this session, and the object it asked to keep alive.
    var appSession: MapAppSession?
    var appObject: AnyObject?
    /// Screens over the map (MapSession+Navigation.swift).
    var navigation: NavigationStack?
    var differ = SceneDiffer()
    /// ACKs, taken on the transport's thread (`receive`).
    let acks: FrameAcks
    var flow: FrameFlow
    var inputSeq: UInt32 = 0
    var pendingURL: (URLMode, String)?
    var lastURL: String?
    /// Pages a link on the map asked to open, for the next frame (MapSession+Controls.swift).
    var pendingOpenURLs: [String] = []
    var timer: DispatchSourceTimer?
    /// A check whether to rest (`rest()`) is scheduled.
    var restCheckPending = false
    /// How many times the session rested.
    var rests = 0
    var isClosed = false
    /// False for a screen drawn before any tab opens (`World.drawFirstScreen`):
    /// the app sets up browser tabs only.
    var setsUpApp = true
    /// Something other than the shared world may have changed the window
    /// since the last frame (input, an animation step, the start): the next
    /// frame renders it whole, not as a patch of the annotation views.
    var windowMayHaveChanged = true
    var live = SessionLiveState()
    var embedding: SessionEmbedding
    var style = SessionStyleState()

    /// A session that sends its frames to `output` and, when `frameTiming` is
    /// given, tells it what it needs to time inputs to the frames that answer them.
    /// `embedOrigins`: the origins whose pages may embed the map and talk to it.
    package init(
        id: UInt32, world: World, output: SessionOutput, frameTiming: (any FrameTimingObserver)? = nil,
        clock: Clock = MonotonicClock(), ticksAutomatically: Bool = true,
        logger: Logger = Logger(label: "mapwire.session"), embedOrigins: [String] = []
    ) {
        self.id = id
        self.world = world
        self.output = output
        self.frameTiming = frameTiming
        self.clock = clock
        self.ticksAutomatically = ticksAutomatically
        self.logger = logger
        // Sessions share the global pool, as many threads as cores: a serial
        // queue of its own would get a thread of its own whenever it has
        // work, and a hundred busy sessions would starve the feed and the
        // store's writers of the cores.
        queue = DispatchQueue(label: "mapwire.session.\(id)", target: .global())
        acks = FrameAcks()
        flow = FrameFlow(acks: acks)
        embedding = SessionEmbedding(origins: embedOrigins)
    }

    // MARK: SessionConnection

    package func receive(_ message: [UInt8]) {
        // An ACK of a frame sent only opens the window: take it here and hop
        // to the queue only if a change waits for it. Anything else (other
        // ACKs included, which may be errors) goes the normal way.
        if message.first == ClientMessage.ackOpcode, case let .ack(frame)? = try? ClientMessage.decode(message),
            acks.take(frame)
        {
            if acks.claimWake() { queue.async { self.sendFrameIfPossible() } }
            return
        }
        queue.async { self.handle(message) }
    }

    package func disconnected() {
        queue.async { self.close() }
    }

    /// Runs `body` on the session's queue and waits: for tests and shutdown.
    package func sync<T>(_ body: () throws -> T) rethrows -> T {
        try queue.sync(execute: body)
    }

    /// The map's reuse counters (created, reused, live, queued).
    package var reuseCounts: ReuseQueue.Counts? { mapView?.reuseCounts }
    /// Whether the map gathers the shared world's unclustered pins into counted clusters now.
    package var gathersUnclusteredPins: Bool { mapView?.gathersUnclusteredPins ?? false }
    /// How the live changes reached the page so far: frames that patched the
    /// moved views, how many of those kept the collision pass's last answer,
    /// and how many patched the city names a moved view covered or uncovered.
    package var liveFrameCounts: (patches: Int, collisionPassesSkipped: Int, namePatches: Int) {
        (live.patchFrames, mapView?.collisionPassesSkipped ?? 0, live.namePatches)
    }

    // MARK: Messages

    /// Handles one message now, on the caller's thread. The transport goes
    /// through `receive`; tests and benchmarks that drive a session without
    /// `ticksAutomatically` call this directly (inside `sync` when others may touch it).
    package func handle(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(bytes)
        } catch {
            fail(error)
            return
        }
        if case let .hello(version, size, _, hash, scheme, styleParameter) = message {
            guard window == nil else { return fail(.unexpectedHello) }
            guard version == FrameEncoder.version else { return fail(.unsupportedVersion(version)) }
            style.browser = scheme
            style.url = styleParameter
            start(size: size, hash: hash)
            return
        }
        guard let window, let mapView else { return fail(.helloExpected) }
        if let seq = message.seq { inputSeq = max(inputSeq, seq) }
        switch message {
        case .hello:
            break
        case let .ack(frame):
            // An ACK changes nothing on screen; it only reopens the window for pending changes.
            flow.acknowledge(frame)
            sendFrameIfPossible()
            return
        case let .pointer(_, event):
            window.dispatch(event)
        case let .wheel(_, event):
            window.dispatch(event)
        case let .key(_, event):
            window.dispatch(event)
        case let .resize(_, size, _):
            window.frame.size = size
            mapView.frame.size = size
            navigation?.containerDidResize()
        case let .focus(_, item):
            window.focusFromMirror(item: item)
        case let .activate(_, item):
            window.activate(item: item)
        case let .navigate(_, hash):
            navigate(to: hash)
        case let .colorScheme(_, scheme):
            colorSchemeDidChange(to: scheme)
        case let .embed(_, command):
            perform(command)
        }
        flow.isDirty = true
        windowMayHaveChanged = true
        sendFrameIfPossible()
    }

    private func fail(_ error: WireError) {
        logger.info("session \(id) closed: \(error)")
        output.close(code: error.closeCode, reason: error.description)
        close()
    }

    func close() {
        isClosed = true
        stopLive()
        timer?.cancel()
        timer = nil
    }

    // MARK: Screens

    private func start(size: Size, hash: String) {
        let window = Window(size: size, clock: clock)
        window.backgroundColor = world.baseMap?.tiles.backgroundColor ?? BaseMap.emptyColor
        let cameraFromURL = Camera(urlFragment: Substring(hash))
        let camera = cameraFromURL ?? Self.defaultCamera
        let map = MapView(frame: window.bounds, fonts: world.fonts, baseMap: world.baseMap, camera: camera)
        window.addSubview(map)
        window.defaultKeyResponder = map
        window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
        self.window = window
        mapView = map
        showControls(on: map)
        startApp(cameraFromURL: cameraFromURL)
        startEmbedding()
        startLive()
        updateStyle()
        followScreens(in: hash, animated: false)
        pendingURL = (.replace, currentURL())
        output.send(FrameEncoder.welcome(session: id))
        flow.isDirty = true
        windowMayHaveChanged = true
        sendFrameIfPossible()
    }

    private func navigate(to hash: String) {
        followScreens(in: hash, animated: true)
        guard let mapView, let camera = Camera(urlFragment: Substring(hash)) else { return }
        mapView.setCamera(camera, animated: false)
    }

    // MARK: Frames

    /// Renders, diffs and sends a frame if anything changed and the window allows.
    func sendFrameIfPossible() {
        guard !isClosed, let window else { return }
        defer { scheduleTicks() }
        updateStyle()
        guard flow.isDirty, !flow.mayNotSendUntilWoken() else { return }
        let synced = live.syncedVersion
        prepareLiveFrame()
        var ops: [FrameOp]
        if !windowMayHaveChanged, live.syncedVersion == synced || live.replayOnlyGlided,
            let patched = epochPatchOps(in: window)
        {
            ops = patched
        } else {
            ops = wholeFrameOps(in: window)
        }
        windowMayHaveChanged = false
        noteGathering()
        if let focus = window.takeFocusForMirror() { ops.append(.focus(item: focus)) }
        if let (mode, url) = pendingURL {
            if url != lastURL || mode == .push { ops.append(.url(mode, url)) }
            lastURL = url
            pendingURL = nil
        }
        ops += pendingOpenURLs.map(FrameOp.openURL)
        pendingOpenURLs.removeAll()
        ops += takeEmbedOps()
        flow.isDirty = false
        guard !ops.isEmpty else {
            // The inputs and live changes since the last frame changed nothing on
            // screen: no frame will answer them, so they must not be timed to the next one.
            frameTiming?.renderChangedNothing()
            return
        }
        output.send(FrameEncoder.frame(number: flow.nextFrame(), inputSeq: inputSeq, ops: ops))
    }

    /// The ops that take the browser to a whole render of `window` now.
    func wholeFrameOps(in window: Window) -> [FrameOp] {
        var scene = window.renderScene()
        if let camera = mapView?.camera {
            scene.camera = SceneCamera(centerX: camera.center.x, centerY: camera.center.y, zoom: camera.zoom)
        }
        return differ.diff(to: scene)
    }

    /// One display-frame step: advance animations, then send what changed.
    package func tick() {
        guard let window, !isClosed else { return }
        if window.animator.isAnimating {
            window.animator.tick()
            flow.isDirty = true
            windowMayHaveChanged = true
        }
        sendFrameIfPossible()
    }

    /// Runs a 60 Hz timer only while something animates or a frame waits.
    private func scheduleTicks() {
        guard ticksAutomatically else { return }
        let busy = (window?.animator.isAnimating ?? false) || (flow.isDirty && flow.canSend)
        if busy, timer == nil {
            let t = DispatchSource.makeTimerSource(queue: queue)
            t.schedule(deadline: .now() + .milliseconds(16), repeating: .milliseconds(16), leeway: .milliseconds(2))
            t.setEventHandler { [weak self] in self?.tick() }
            t.resume()
            timer = t
        } else if !busy, let t = timer {
            t.cancel()
            timer = nil
        }
        scheduleRest()
    }

    /// How long a session shows the same frame before it rests.
    static let restAfter = DispatchTimeInterval.seconds(2)

    /// Packs the differ's record of the last frame: a session that sent no
    /// frame for `restAfter` is likely a tab left open, and the record is
    /// most of what it costs. The next frame unpacks it. The server does this
    /// on its own; tests and the memory benchmark call it directly.
    package func rest() {
        guard !differ.isResting else { return }
        differ.rest()
        mapView?.rest()
        rests += 1
    }

    /// Checks `restAfter` from now whether a frame went out since, and rests
    /// if none did; else checks again. The display-frame timer does not hold
    /// the check off: a check that found it running gave up until it
    /// stopped, so a session whose timer ran on without sending a frame
    /// never rested. A frame after the rest unpacks the record as usual.
    private func scheduleRest() {
        guard ticksAutomatically, !restCheckPending, !differ.isResting else { return }
        restCheckPending = true
        let framesThen = flow.lastSent
        queue.asyncAfter(deadline: .now() + Self.restAfter) { [weak self] in
            guard let self else { return }
            restCheckPending = false
            guard !isClosed else { return }
            if flow.lastSent == framesThen { rest() } else { scheduleRest() }
        }
    }
}
