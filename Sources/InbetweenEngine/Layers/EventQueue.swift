/// The scene's undelivered events, earliest first: a binary min-heap keyed by (time, the order
/// the events were scheduled in), so taking the next event costs O(log n) however many layers
/// the scene has (a scan of every layer per event made a scene's set-up quadratic).
///
/// An event is scheduled when the change that causes it is made: an animation's start and
/// stop when it is added (in that order), the owed events of an animation that is removed or
/// replaced when that happens, a transaction's completion when it commits. Events at equal
/// times therefore come out in the order they were scheduled, and a replaced animation's
/// stop before its replacement's start, as in Core Animation. Timeline cues come after the
/// layers' events at the same time (in the order of their ids), and the completions of
/// transactions that added nothing last: `rank` orders these three groups.
///
/// Entries are not removed when what they point at goes away (an animation removed before
/// its start, say); `Scene.popEvent(upTo:)` checks each entry against the scene and skips the
/// stale ones, which keeps every change O(log n) (lazy deletion).
struct EventQueue: Sendable {
    enum Source: Hashable, Sendable {
        /// The start or stop of the live animation with this serial on layer `layer`.
        case start(layer: Int, serial: Int)
        case stop(layer: Int, serial: Int)
        /// An owed event of a removed animation, kept in `Layer.retiredEvents`.
        case retired(layer: Int, serial: Int, isStart: Bool)
        /// A timeline cue (`Scene.pendingCues`).
        case cue(id: Int)
        /// A transaction's completion with nothing left to wait for (`Scene.pendingCompletions`).
        case completion(id: Int)

        /// Layers' events, then cues, then completions, at equal times.
        var rank: Int {
            switch self {
            case .start, .stop, .retired: return 0
            case .cue: return 1
            case .completion: return 2
            }
        }
    }

    struct Entry: Sendable {
        var time: Double
        var rank: Int
        /// Scheduling order; a cue's id.
        var sequence: Int
        var source: Source

        func precedes(_ other: Entry) -> Bool {
            if time != other.time { return time < other.time }
            if rank != other.rank { return rank < other.rank }
            return sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence = 0

    var isEmpty: Bool { heap.isEmpty }
    var first: Entry? { heap.first }

    mutating func schedule(_ source: Source, at time: Double) {
        var sequence = nextSequence
        if case .cue(let id) = source { sequence = id }
        heap.append(Entry(time: time, rank: source.rank, sequence: sequence, source: source))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func removeFirst() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
                if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
