import SoundKitIO

/// How a ``ResultCache`` answered for one sound.
package enum CacheOutcome: Sendable, Hashable {
    /// The findings came from the cache.
    case hit
    /// The sound was checked, and its findings stored.
    case miss
}

/// One sound's findings before the set's rules, with what those rules need of it.
struct CheckedSound: Sendable {
    var report: FileReport
    /// Integrated loudness (LUFS), for ``LoudnessSpreadRule``.
    var integrated: Double?
    /// nil when no cache was asked for, or the file could not be read to be fingerprinted.
    var cache: CacheOutcome?
}

extension SoundChecker {
    /// Checks one sound, through the options' cache when there is one. The file is fingerprinted before it is
    /// checked and again after: findings are stored only when the bytes were the same throughout, and on disk only
    /// for a sound soundkit read and measured whole (what it could not read may read tomorrow, with other libraries).
    /// A sound read out of an archive is not cached: its archive is fingerprinted as a whole by nobody.
    static func checked(_ sound: SoundSource, options: CheckOptions) -> CheckedSound {
        let file = sound.path
        let bundleSubpath = sound.subpath
        func fresh() -> (CheckedSound, SoundFacts) {
            let facts = sound.facts(
                measureLoudness: options.measureLoudness, listener: nil, truePeakCeiling: ClippingRule.ceiling)
            let integrated = facts.loudness?.value?.integrated
            return (CheckedSound(report: report(facts, options: options), integrated: integrated), facts)
        }
        guard sound.archived == nil, let cache = options.cache, let before = ResultCache.fingerprint(file) else {
            return fresh().0
        }
        let key = cache.key(
            path: file, bundleSubpath: bundleSubpath, platform: sound.platform, fingerprint: before, options: options)
        if let entry = cache.lookup(key) {
            return CheckedSound(report: entry.report, integrated: entry.integrated, cache: .hit)
        }
        var (sound, facts) = fresh()
        sound.cache = .miss
        let whole =
            facts.readError == nil && facts.description?.decodable == true
            && (!options.measureLoudness || facts.loudness?.value != nil)
        if ResultCache.fingerprint(file) == before {
            cache.store(
                ResultCache.Entry(key: key, report: sound.report, integrated: sound.integrated), durable: whole)
        }
        return sound
    }
}
