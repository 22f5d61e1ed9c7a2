@testable import DisplayList

/// A browser stand-in that applies frame ops to its own item tree, so tests can
/// check that a diff really reproduces the scene it was made from.
struct ReplayClient {
    var kinds: [UInt32: ItemKind] = [:]
    var properties: [UInt32: ItemProperties] = [:]
    var parents: [UInt32: UInt32] = [:]
    var children: [UInt32: [UInt32]] = [:]

    mutating func apply(_ ops: [FrameOp]) {
        for op in ops {
            switch op {
            case let .insert(item, parent, index, kind, props):
                precondition(kinds[item] == nil, "insert of an existing item \(item)")
                kinds[item] = kind
                var p = ItemProperties()
                for change in props { p.apply(change) }
                properties[item] = p
                parents[item] = parent
                children[parent, default: []].insert(item, at: Int(index))
            case let .remove(item):
                removeSubtree(item)
            case let .move(item, parent, index):
                let old = parents[item]!
                children[old]!.removeAll { $0 == item }
                parents[item] = parent
                children[parent, default: []].insert(item, at: Int(index))
            case let .patch(item, props):
                for change in props { properties[item]!.apply(change) }
            case let .transform(item, x, y):
                properties[item]!.frame.x = x
                properties[item]!.frame.y = y
            default:
                break
            }
        }
    }

    private mutating func removeSubtree(_ item: UInt32) {
        for child in children[item] ?? [] { removeSubtree(child) }
        children[item] = nil
        if let parent = parents[item] { children[parent]?.removeAll { $0 == item } }
        parents[item] = nil
        kinds[item] = nil
        properties[item] = nil
    }

    /// The tree flattened in pre-order, comparable with `Scene.items`.
    func preorder(_ parent: UInt32 = 0) -> [SceneItem] {
        (children[parent] ?? []).flatMap { id in
            [SceneItem(id: id, parent: parent, kind: kinds[id]!, properties: properties[id]!)] + preorder(id)
        }
    }
}

extension ItemProperties {
    mutating func apply(_ change: ItemProperty) {
        switch change {
        case let .frame(v): frame = v
        case let .anchor(v): anchor = v
        case .clearAnchor: anchor = nil
        case let .scale(v): scale = v
        case let .alpha(v): alpha = v
        case let .fill(v): fill = v
        case let .stroke(v): stroke = v
        case let .radius(v): radius = v
        case let .text(v): text = v
        case let .font(v): font = v
        case let .image(v): image = v
        case let .path(v): path = v
        case let .clip(v): clip = v
        case let .bubble(v): bubble = v
        case let .shadow(v): shadow = v
        case let .hidden(v): hidden = v
        case let .scroll(v): scroll = v
        case let .baseline(v): baseline = v
        case let .evenOdd(v): evenOdd = v
        }
    }
}
