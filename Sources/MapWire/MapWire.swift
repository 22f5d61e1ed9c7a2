// `import MapWire` gives an app what it builds on: the geometry, and named
// one by one the views and controls, the MapKit-like map, the shared world,
// the app seam and the service. The modules inside MapWire and their other
// declarations (the transport, routes, scenes, the store file) are not API
// (docs/public-api.md); `tests/packaging/test_public_api.py` holds this list
// to that page and to the committed list of public symbols.

// Values: coordinates, points, the camera and the world's copies. The whole
// module: everything public in it is API, and Point's operators are found
// only through an import of the module.
@_exported import MapGeometry

@_exported import struct DisplayList.AccessibilityElement
// What views draw: colours, images, cursors, and the draw properties a view may set.
@_exported import struct DisplayList.Color
@_exported import enum DisplayList.Cursor
@_exported import class DisplayList.GlyphRun
@_exported import class DisplayList.ImageResource
@_exported import struct DisplayList.ItemBubble
@_exported import struct DisplayList.ItemFont
@_exported import enum DisplayList.ItemKind
@_exported import class DisplayList.ItemLineStyle
@_exported import struct DisplayList.ItemProperties
@_exported import struct DisplayList.ItemScale
@_exported import struct DisplayList.ItemShadow
@_exported import struct DisplayList.ItemStroke
@_exported import struct DisplayList.Point32
@_exported import struct DisplayList.Rect32
@_exported import struct DisplayList.WorldAnchor
@_exported import class DisplayList.WorldClip
// Input as views receive it.
@_exported import struct InputEvents.KeyEvent
@_exported import struct InputEvents.Modifiers
@_exported import struct InputEvents.PointerEvent
@_exported import struct InputEvents.WheelEvent
// The shared world every tab sees, which the HTTP API and the feed change.
@_exported import class LiveWorld.AnnotationStore
@_exported import class LiveWorld.LiveAnnotation
@_exported import class LiveWorld.LiveShape
@_exported import struct LiveWorld.Move
@_exported import struct LiveWorld.MoveResult
@_exported import struct LiveWorld.SeedAnnotation
@_exported import enum LiveWorld.StoreSync
@_exported import enum LiveWorld.WorldError
@_exported import struct LiveWorld.WorldGeometry
@_exported import struct LiveWorld.WorldSeed
@_exported import protocol MapCore.Annotation
// The map, with MapKit's names.
@_exported import class MapCore.AnnotationView
@_exported import class MapCore.AttributionView
@_exported import class MapCore.BaseMap
@_exported import class MapCore.BubbleView
@_exported import enum MapCore.CalloutAnimation
@_exported import struct MapCore.CalloutPlacement
@_exported import class MapCore.CalloutView
@_exported import class MapCore.Circle
@_exported import class MapCore.CircleRenderer
@_exported import class MapCore.ClusterAnnotation
@_exported import class MapCore.ClusterAnnotationView
@_exported import protocol MapCore.ClusterableAnnotation
@_exported import enum MapCore.CollisionMode
@_exported import enum MapCore.DragState
@_exported import protocol MapCore.DraggableAnnotation
@_exported import class MapCore.GeodesicPolyline
@_exported import class MapCore.KeyboardHelpPanel
@_exported import enum MapCore.MapControlCorner
@_exported import class MapCore.MapControls
@_exported import struct MapCore.MapControlsOptions
@_exported import class MapCore.MapView
@_exported import protocol MapCore.MapViewDelegate
@_exported import class MapCore.MarkerAnnotationView
@_exported import enum MapCore.MarkerIcon
@_exported import enum MapCore.MarkerSize
@_exported import class MapCore.MultiPolygon
@_exported import class MapCore.MultiPolygonRenderer
@_exported import class MapCore.MultiPolyline
@_exported import class MapCore.MultiPolylineRenderer
@_exported import protocol MapCore.Overlay
@_exported import enum MapCore.OverlayLevel
@_exported import class MapCore.OverlayPathRenderer
@_exported import class MapCore.OverlayRenderer
@_exported import class MapCore.PointAnnotation
@_exported import class MapCore.Polygon
@_exported import class MapCore.PolygonRenderer
@_exported import class MapCore.Polyline
@_exported import class MapCore.PolylineRenderer
@_exported import struct MapCore.ScaleBarLength
@_exported import class MapCore.ScaleBarView
@_exported import protocol MapCore.StyledAnnotation
@_exported import enum MapCore.UserInterfaceStyle
@_exported import class MapCore.ZoomControl
@_exported import struct MapSession.EmptyMapApp
// The app seam.
@_exported import protocol MapSession.MapApp
@_exported import class MapSession.MapAppSession
// The street map's style.
@_exported import enum MapSession.MapStyleSetting
// What starting the server can throw.
@_exported import enum MapWireServer.ServerError
// Views and controls.
@_exported import class ViewKit.Animator
@_exported import class ViewKit.Button
@_exported import protocol ViewKit.Clock
@_exported import class ViewKit.Control
@_exported import protocol ViewKit.CursorProviding
@_exported import class ViewKit.DetailDisclosureButton
@_exported import struct ViewKit.FontBook
@_exported import class ViewKit.ImageLibrary
@_exported import class ViewKit.ImageView
@_exported import struct ViewKit.Keyframes
@_exported import class ViewKit.Label
@_exported import class ViewKit.ListRowView
@_exported import class ViewKit.ListView
@_exported import protocol ViewKit.ListViewDataSource
@_exported import protocol ViewKit.ListViewDelegate
@_exported import class ViewKit.NavigationStack
@_exported import struct ViewKit.RenderContext
@_exported import class ViewKit.Screen
@_exported import class ViewKit.ScrollView
@_exported import enum ViewKit.TimingCurve
@_exported import class ViewKit.Typeface
@_exported import class ViewKit.View
@_exported import class ViewKit.Window
