/// Presenting and dismissing transient views (callouts, cards): both share one
/// animation key per view, so a dismissal replaces a presentation still running.
extension View {
    /// The animator key for this view's own appear and disappear animations.
    public var presentationAnimationKey: String { "presentation.\(id)" }

    /// Leaves the accessibility mirror and stops taking input at once, then
    /// fades out over `duration` and removes itself; at once when not animated
    /// or when there is no animator (the view is not in a window).
    public func fadeOutAndRemove(over duration: Double, animator: Animator?, animated: Bool) {
        let start = alpha
        animateOutAndRemove(over: duration, animator: animator, animated: animated) { view, t in
            view.alpha = start * (1 - t)
        }
    }

    /// Leaves the accessibility mirror and stops taking input at once, then
    /// runs `step` with the time fraction 0...1 over `duration` and removes
    /// itself; at once when not animated or when there is no animator.
    public func animateOutAndRemove(
        over duration: Double, animator: Animator?, animated: Bool,
        step: @escaping (View, Double) -> Void
    ) {
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
        animator.animate(
            key: presentationAnimationKey, duration: duration,
            update: { [weak self] t in
                if let self { step(self, t) }
            },
            completion: { [weak self] in
                self?.removeFromSuperview()
            })
    }
}
