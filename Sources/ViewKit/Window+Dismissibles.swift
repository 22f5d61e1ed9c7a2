import MapGeometry

/// A view that closes as a sheet or a popover does, and what closes it.
struct Dismissible {
    weak var view: View?
    let dismiss: () -> Void
}

/// Views over the rest that close as a sheet or a popover does: on Escape,
/// and on a press that lands outside them (a sheet's dimmed background, the
/// map around a panel). The frontmost one a person can see closes first,
/// before any view hears the key or the press: a dialog over a map closes
/// before the callout under it, and the press that closes it does not also
/// reach the map, which would take it for a tap.
extension Window {
    /// Registers `view`, just shown, to be closed by `dismiss` on Escape or
    /// a press outside it; `dismiss` takes it away (removes or hides it).
    /// A view that leaves the window is forgotten; one that is hidden is
    /// passed over until it shows again.
    public func addDismissible(_ view: View, dismiss: @escaping () -> Void) {
        removeDismissible(view)
        dismissibles.append(Dismissible(view: view, dismiss: dismiss))
    }

    /// Forgets `view`: it closed some other way (its own Close button).
    public func removeDismissible(_ view: View) {
        dismissibles.removeAll { $0.view == nil || $0.view === view }
    }

    /// The registered view painted in front of the others that a person
    /// can see now, with what closes it.
    var frontmostDismissible: Dismissible? {
        dismissibles.removeAll { $0.view.map { $0.window !== self } ?? true }
        var front: (entry: Dismissible, path: [Int])?
        for entry in dismissibles {
            guard let view = entry.view, view.isShowing(in: self) else { continue }
            let path = view.pathFromWindow()
            if front.map({ Self.paintsBefore($0.path, path) }) ?? true { front = (entry, path) }
        }
        return front?.entry
    }

    /// Escape: closes the frontmost view that closes so. True when one did.
    func dismissFrontmost() -> Bool {
        guard let front = frontmostDismissible else { return false }
        front.dismiss()
        return true
    }

    /// A press at `location` (window coordinates) that lands outside the
    /// frontmost view that closes so closes it; true when it did, and the
    /// press is spent.
    func dismissFrontmost(ifOutside location: Point) -> Bool {
        guard let front = frontmostDismissible, let view = front.view,
            view.hitTest(view.convertFromWindow(location)) == nil
        else { return false }
        front.dismiss()
        return true
    }

    /// Whether the view at `a` (subview indices from the window down) is
    /// painted before the one at `b`: a view paints before its subviews,
    /// and each subview before its later siblings.
    private static func paintsBefore(_ a: [Int], _ b: [Int]) -> Bool {
        for (i, j) in zip(a, b) where i != j { return i < j }
        return a.count < b.count
    }
}

extension View {
    /// The subview indices that lead from the root of the tree down to this view.
    fileprivate func pathFromWindow() -> [Int] {
        var path: [Int] = []
        var v: View = self
        while let parent = v.superview {
            path.append(parent.subviews.firstIndex { $0 === v } ?? 0)
            v = parent
        }
        return path.reversed()
    }
}
