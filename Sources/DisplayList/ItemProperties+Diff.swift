extension ItemProperties {
    /// The changes that turn `old` into `self`, in protocol key order.
    ///
    /// An insert is a diff from the defaults, so `ItemProperties()` as `old`
    /// gives exactly the properties an `INSERT` must carry.
    package func changes(from old: ItemProperties) -> [ItemProperty] {
        var out: [ItemProperty] = []
        if frame != old.frame { out.append(.frame(frame)) }
        if anchor != old.anchor {
            if let anchor { out.append(.anchor(anchor)) } else { out.append(.clearAnchor) }
        }
        if scale != old.scale { out.append(.scale(scale)) }
        if alpha != old.alpha { out.append(.alpha(alpha)) }
        if fill != old.fill { out.append(.fill(fill)) }
        if stroke != old.stroke { out.append(.stroke(stroke)) }
        if radius != old.radius { out.append(.radius(radius)) }
        if text != old.text { out.append(.text(text)) }
        if font != old.font { out.append(.font(font)) }
        if image != old.image { out.append(.image(image)) }
        if path != old.path { out.append(.path(path)) }
        if clip != old.clip { out.append(.clip(clip)) }
        if bubble != old.bubble { out.append(.bubble(bubble)) }
        if shadow != old.shadow { out.append(.shadow(shadow)) }
        if hidden != old.hidden { out.append(.hidden(hidden)) }
        if scroll != old.scroll { out.append(.scroll(scroll)) }
        if baseline != old.baseline {
            // Going back to "default" must still be said explicitly on the wire.
            out.append(.baseline(baseline ?? font.size * 0.8))
        }
        if evenOdd != old.evenOdd { out.append(.evenOdd(evenOdd)) }
        if repeatsWorld != old.repeatsWorld { out.append(.repeatsWorld(repeatsWorld)) }
        if line != old.line { out.append(.line(line ?? .plain)) }
        if glideMilliseconds != old.glideMilliseconds { out.append(.glide(milliseconds: glideMilliseconds)) }
        if worldClip != old.worldClip { out.append(.worldClip(worldClip)) }
        if glyphs != old.glyphs { out.append(.glyphs(glyphs)) }
        return out
    }

    /// True when the only difference from `old` is the frame's origin: the
    /// case a compact `TRANSFORM` op covers (a gliding pin, a sliding callout).
    package func differsOnlyInOrigin(from old: ItemProperties) -> Bool {
        var moved = self
        moved.frame.x = old.frame.x
        moved.frame.y = old.frame.y
        return moved == old && (frame.x != old.frame.x || frame.y != old.frame.y)
    }
}
