/// What of a feature an expression reads: the properties, the id, the
/// geometry type. Two features that agree on all of them get the same
/// value at every zoom, so a renderer evaluates once per distinct set of
/// inputs rather than once per feature.
package struct FeatureReads: Sendable, Equatable {
    /// The properties read, by `StylePropertyKey.index`, ascending and each once.
    package private(set) var keys: [StylePropertyKey] = []
    package private(set) var readsID = false
    package private(set) var readsGeometryType = false

    package init() {}

    /// Nothing of the feature: the value depends on the zoom alone.
    package var isEmpty: Bool { keys.isEmpty && !readsID && !readsGeometryType }

    /// The feature's values of what is read, in `keys` order, with its id and
    /// geometry type where they are read: equal inputs give an equal value.
    package func inputs(of feature: some StyleFeature) -> FeatureInputs {
        var values: [StyleValue?] = []
        values.reserveCapacity(keys.count + 1)
        for key in keys { values.append(feature.property(key)) }
        if readsID { values.append(feature.featureID) }
        return FeatureInputs(values: values, geometryType: readsGeometryType ? feature.geometryType.rawValue : 0)
    }

    package mutating func formUnion(_ other: FeatureReads) {
        for key in other.keys { insert(key) }
        readsID = readsID || other.readsID
        readsGeometryType = readsGeometryType || other.readsGeometryType
    }

    fileprivate mutating func insert(_ key: StylePropertyKey) {
        guard let at = keys.firstIndex(where: { $0.index >= key.index }) else { return keys.append(key) }
        if keys[at] != key { keys.insert(key, at: at) }
    }

    fileprivate mutating func readID() { readsID = true }
    fileprivate mutating func readGeometryType() { readsGeometryType = true }
}

/// A feature's values of what an expression reads (`FeatureReads.inputs(of:)`).
package struct FeatureInputs: Hashable, Sendable {
    let values: [StyleValue?]
    let geometryType: UInt8
}

extension StyleExpression {
    /// What of a feature this expression reads.
    package var reads: FeatureReads {
        var reads = FeatureReads()
        collectReads(into: &reads)
        return reads
    }

    private func collectReads(into reads: inout FeatureReads) {
        switch self {
        case .literal, .zoom: break
        case .get(let key), .has(let key): reads.insert(key)
        case .token(let key, let fallback):
            reads.insert(key)
            if let fallback { reads.insert(fallback) }
        case .featureID: reads.readID()
        case .geometryType: reads.readGeometryType()
        case .not(let e), .toText(let e), .transform(_, let e), .oneOf(let e, _): e.collectReads(into: &reads)
        case .all(let es), .any(let es), .coalesce(let es), .toNumber(let es), .concat(let es),
            .arithmetic(_, let es), .assertType(_, let es):
            for e in es { e.collectReads(into: &reads) }
        case .compare(_, let a, let b), .contains(let a, let b):
            a.collectReads(into: &reads)
            b.collectReads(into: &reads)
        case .match(let input, _, let outputs, let fallback):
            input.collectReads(into: &reads)
            fallback.collectReads(into: &reads)
            for e in outputs { e.collectReads(into: &reads) }
        case .cases(let branches, let fallback):
            fallback.collectReads(into: &reads)
            for branch in branches {
                branch.condition.collectReads(into: &reads)
                branch.output.collectReads(into: &reads)
            }
        case .interpolate(_, let input, let stops):
            input.collectReads(into: &reads)
            for stop in stops { stop.output.collectReads(into: &reads) }
        case .step(let input, let first, let stops):
            input.collectReads(into: &reads)
            first.collectReads(into: &reads)
            for stop in stops { stop.output.collectReads(into: &reads) }
        }
    }
}

extension StyleProperty {
    /// What of a feature the property reads; empty for a constant or a zoom function.
    package var reads: FeatureReads { expression?.reads ?? FeatureReads() }
}

extension StyleLayer {
    /// What of a feature the layer's paint reads (colours, widths, opacities,
    /// dashes, caps and joins): features equal in it are painted alike at every zoom.
    package var paintReads: FeatureReads {
        var reads = FeatureReads()
        switch type {
        case .background, .symbol:
            break
        case .fill:
            for property in [fillColor.reads, fillOpacity.reads, fillOutlineColor.reads] { reads.formUnion(property) }
        case .line:
            for property in [
                lineColor.reads, lineWidth.reads, lineOpacity.reads, lineDashArray.reads, lineCap.reads, lineJoin.reads,
            ] {
                reads.formUnion(property)
            }
        }
        return reads
    }
}
