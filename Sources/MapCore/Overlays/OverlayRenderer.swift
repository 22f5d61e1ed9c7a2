import DisplayList
import MapGeometry

/// Draws one overlay on one map, as `MKOverlayRenderer`. The map asks its
/// delegate for one when the overlay is added (`mapView(_:rendererFor:)`)
/// and keeps it while the overlay is on the map; change its properties at
/// any time and the map draws the change in its next frame.
open class OverlayRenderer {
    /// What it draws.
    public let overlay: Overlay
    /// Opacity of everything it draws, 0...1.
    public var alpha: Double = 1 { didSet { setNeedsDisplay() } }
    /// The map that shows it, told when a property changes.
    weak var map: MapView?

    /// A renderer for `overlay`.
    public init(overlay: Overlay) {
        self.overlay = overlay
    }

    /// Asks the map to draw the overlay again (the properties do so themselves), as MapKit's `setNeedsDisplay()`.
    public func setNeedsDisplay() {
        map?.overlayRenderingDidChange()
    }

    /// The world path item's properties; nil draws nothing.
    package func itemProperties() -> ItemProperties? { nil }
}

/// Strokes and fills a shape's path, as `MKOverlayPathRenderer`. Widths and
/// dashes are screen points at any zoom, as MapKit draws them.
open class OverlayPathRenderer: OverlayRenderer {
    /// The inside's colour (areas only); nil fills nothing.
    public var fillColor: Color? { didSet { setNeedsDisplay() } }
    /// The outline's colour; nil strokes nothing.
    public var strokeColor: Color? { didSet { setNeedsDisplay() } }
    /// The outline's width, points; 0 draws the thinnest line, one point.
    public var lineWidth: Double = 0 { didSet { setNeedsDisplay() } }
    /// How the line's corners are drawn; round, as MapKit's default.
    public var lineJoin: ItemLineStyle.Join = .round { didSet { setNeedsDisplay() } }
    /// How the line's ends are drawn; round, as MapKit's default.
    public var lineCap: ItemLineStyle.Cap = .round { didSet { setNeedsDisplay() } }
    /// Dash and gap lengths in turn, points; empty draws a solid line.
    public var lineDashPattern: [Double] = [] { didSet { setNeedsDisplay() } }
    /// How far into the dash pattern the line starts, points.
    public var lineDashPhase: Double = 0 { didSet { setNeedsDisplay() } }

    /// The stretch of the outline drawn, as fractions of its length (a polyline's `strokeStart` and `strokeEnd`).
    var strokeStretch: (start: Double, end: Double) { (0, 1) }

    override package func itemProperties() -> ItemProperties? {
        guard let shape = overlay as? OverlayShape else { return nil }
        var p = ItemProperties()
        p.path = shape.path.id
        p.alpha = Float(min(1, max(0, alpha.isFinite ? alpha : 1)))
        if shape.isArea, let fillColor {
            p.fill = fillColor
            p.evenOdd = true
        }
        if let strokeColor {
            p.stroke = ItemStroke(color: strokeColor, width: Float(lineWidth > 0 && lineWidth.isFinite ? lineWidth : 1))
            let dashes = lineDashPattern.allSatisfy { $0 >= 0 && $0.isFinite } ? lineDashPattern.map(Float.init) : []
            let (start, end) = strokeStretch
            let line = ItemLineStyle(
                cap: lineCap, join: lineJoin, dashPattern: dashes.contains { $0 > 0 } ? dashes : [],
                dashPhase: Float(lineDashPhase.isFinite ? lineDashPhase : 0),
                strokeStart: Float(min(1, max(0, start))), strokeEnd: Float(min(1, max(0, end))))
            p.line = line == .plain ? nil : line
        }
        return p
    }
}

/// Draws a `Polyline` (or a `GeodesicPolyline`), as `MKPolylineRenderer`;
/// `strokeStart` and `strokeEnd` draw part of it, a route up to where a
/// vehicle is.
open class PolylineRenderer: OverlayPathRenderer {
    /// Where along the line the stroke starts, 0...1 of its length.
    public var strokeStart: Double = 0 { didSet { setNeedsDisplay() } }
    /// Where along the line the stroke ends, 0...1 of its length.
    public var strokeEnd: Double = 1 { didSet { setNeedsDisplay() } }

    /// A renderer for `polyline`.
    public init(polyline: Polyline) {
        super.init(overlay: polyline)
    }

    override var strokeStretch: (start: Double, end: Double) {
        (strokeStart.isFinite ? strokeStart : 0, strokeEnd.isFinite ? strokeEnd : 1)
    }
}

/// Draws a `MultiPolyline`, as `MKMultiPolylineRenderer`.
open class MultiPolylineRenderer: OverlayPathRenderer {
    /// A renderer for `multiPolyline`.
    public init(multiPolyline: MultiPolyline) {
        super.init(overlay: multiPolyline)
    }
}

/// Draws a `Polygon` with its holes, as `MKPolygonRenderer`.
open class PolygonRenderer: OverlayPathRenderer {
    /// A renderer for `polygon`.
    public init(polygon: Polygon) {
        super.init(overlay: polygon)
    }
}

/// Draws a `MultiPolygon`, as `MKMultiPolygonRenderer`.
open class MultiPolygonRenderer: OverlayPathRenderer {
    /// A renderer for `multiPolygon`.
    public init(multiPolygon: MultiPolygon) {
        super.init(overlay: multiPolygon)
    }
}

/// Draws a `Circle`, as `MKCircleRenderer`.
open class CircleRenderer: OverlayPathRenderer {
    /// A renderer for `circle`.
    public init(circle: Circle) {
        super.init(overlay: circle)
    }
}
