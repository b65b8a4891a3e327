import Foundation

/// A plan still to be made, with what making and running it needs. The Kit decides whether a job
/// holds CocoaPods' `Spec_Lock` (every spec-repo change does), so every command takes the lock the
/// same way: the runner takes it before the plan is made, and only when the mode applies.
public struct PlanJob {
    /// Words for the lock's owner file and messages, e.g. `repo use` or `setup`.
    public var purpose: String
    /// Set when the plan changes spec repos: it is made and applied while holding this lock.
    public var specLock: SpecLockRequirement?
    /// Computes the plan from the current state; called once, under the lock when there is one.
    public var make: (ApplyContext) throws -> Plan
    /// Checks that must pass before the lock is taken when applying (e.g. `setup`'s mirror probe), so
    /// a refusal leaves the repos dir untouched.
    public var preflight: ((ApplyContext) throws -> Void)?

    public init(purpose: String, specLock: SpecLockRequirement? = nil, make: @escaping (ApplyContext) throws -> Plan) {
        self.purpose = purpose
        self.specLock = specLock
        self.make = make
    }

    /// A job for a plan already made, that needs no lock.
    public init(_ plan: Plan) {
        self.init(purpose: plan.title) { _ in plan }
    }
}

extension PlanRunner {
    /// Makes and runs a job. Applying holds the job's `Spec_Lock` while the plan is made and run; dry
    /// run and check only read, without the lock.
    public func run(_ job: PlanJob, mode: RunMode) throws -> PlanReport {
        var lock: SpecLock?
        if mode == .apply { try job.preflight?(context) }
        if mode == .apply, let requirement = job.specLock {
            lock = try requirement.acquire(purpose: job.purpose, cancellation: context.cancellation)
        }
        defer { lock?.release() }
        return try run(job.make(context), mode: mode)
    }
}
