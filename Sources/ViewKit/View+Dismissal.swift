/// Presenting and dismissing transient views (callouts, cards): both share one
/// animation key per view, so a dismissal replaces a presentation still running.
extension View {
    /// The animator key for this view's own appear and disappear animations.
    public var presentationAnimationKey: String { "presentation.\(id)" }

    /// Leaves the accessibility mirror and stops taking input at once, then
    /// fades out over `duration` and removes itself; at once when not animated
    /// or when there is no animator (the view is not in a window).
    public func fadeOutAndRemove(over duration: Double, animator: Animator?, animated: Bool) {
        isUserInteractionEnabled = false
        func silence(_ view: View) {
            view.accessibilityRole = nil
            for sub in view.subviews { silence(sub) }
        }
        silence(self)
        guard animated, let animator else {
            removeFromSuperview()
            return
        }
        let start = alpha
        animator.animate(key: presentationAnimationKey, duration: duration, update: { [weak self] t in
            self?.alpha = start * (1 - t)
        }, completion: { [weak self] in
            self?.removeFromSuperview()
        })
    }
}
