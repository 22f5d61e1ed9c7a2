import CHarfBuzz

/// The HarfBuzz blob, face and font behind one ``Font``, and the one place
/// that calls `hb_shape`.
///
/// It is `@unchecked Sendable` because HarfBuzz objects are plain C pointers
/// the compiler cannot reason about. Sharing them across threads is safe here
/// because every `hb_*_set_*` call happens in `init`, before the value is
/// published; afterwards the objects are only read. HarfBuzz documents
/// `hb_shape` on a shared, no longer modified `hb_font_t` as thread-safe (its
/// internal lazy caches use atomics), and each call shapes into its own
/// `hb_buffer_t`. Nothing here may call a setter after `init`.
///
/// The owner (``Font``) calls ``destroy()`` exactly once, in its `deinit`.
struct HarfBuzzFont: @unchecked Sendable {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    /// Design units per em. Advances come back in these units because the
    /// font's scale is set to `upem`, so one `hb_font_t` serves every size.
    let unitsPerEm: Int32

    init(path: String) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .fileNotFound(path: path)
        }
        // hb_face_create never fails; on a non-font it returns an empty face.
        // Counting faces in the blob is how HarfBuzz tells us it is no font.
        guard hb_face_count(blob) > 0 else {
            hb_blob_destroy(blob)
            throw .notAFont(path: path)
        }
        let face = hb_face_create(blob, 0)!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw .notAFont(path: path)
        }
        let upem = Int32(hb_face_get_upem(face))
        let font = hb_font_create(face)!
        // Shape in design units: positions are then exact integers from the
        // font tables, and scaling by size/upem afterwards works for any size
        // without a font object per size.
        hb_font_set_scale(font, upem, upem)
        // No further set_* calls after this point (see the type comment).
        hb_face_make_immutable(face)
        hb_font_make_immutable(font)
        self.blob = blob
        self.face = face
        self.font = font
        self.unitsPerEm = upem
    }

    /// Sum of the x advances of `text` shaped as one run with the default
    /// features (kerning and ligatures on, as in the browser's canvas), in
    /// design units.
    ///
    /// Script, language and direction are guessed from the text, as for one
    /// run of a single script; a label is short and mostly one script.
    func advance(of text: String) -> Int64 {
        guard !text.isEmpty else { return 0 }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        // withUTF8 hands over the string's own storage (native strings are
        // UTF-8), so there is no copy on the per-frame path.
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var total: Int64 = 0
        for index in 0..<Int(count) {
            total += Int64(positions[index].x_advance)
        }
        return total
    }

    /// Horizontal-layout ascender and descender (from OS/2 or hhea, as
    /// HarfBuzz chooses), in design units; the descender is negative.
    func horizontalExtents() -> (ascender: Int32, descender: Int32) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        return (extents.ascender, extents.descender)
    }

    /// Releases the HarfBuzz objects. Call once, when no other thread can
    /// still be shaping with this font.
    func destroy() {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }
}
