import DisplayList

/// Light or dark: the look of the map's controls, its standard callout and
/// its markers' titles, which follow the map drawn under them.
extension MapView {
    /// The colours of the controls, callout and marker titles for `userInterfaceStyle`.
    package var chromeColors: MapChromeColors { .for(userInterfaceStyle) }

    /// Gives the map `style`'s look: the controls and an open callout change
    /// now, and every annotation view draws its titles again in the next
    /// frame. The session calls it with what its style choice resolved to.
    package func applyUserInterfaceStyle(_ style: UserInterfaceStyle) {
        let style: UserInterfaceStyle = style == .dark ? .dark : .light
        guard style != userInterfaceStyle else { return }
        userInterfaceStyle = style
        let colors = chromeColors
        controls.apply(colors)
        callout?.apply(colors)
        (annotationContainer as? AnnotationContainerView)?.forgetHeldRenders()
        invalidateRender()
    }
}
