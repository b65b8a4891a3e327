import Foundation

/// A lock a job holds while its plan is made and applied: CocoaPods' `Spec_Lock` for every spec-repo change
/// (`SpecLockRequirement`).
package protocol JobLock: Sendable {
    /// Waits for the lock (`purpose` names the holder to whoever waits), then holds it until released.
    func acquire(purpose: String, cancellation: CancellationToken) throws -> any HeldJobLock
}

/// A lock taken by `JobLock.acquire`.
package protocol HeldJobLock: AnyObject {
    func release()
}

/// A plan still to be made, with what making and running it needs. The Kit decides whether a job
/// holds a lock (every spec-repo change holds CocoaPods' `Spec_Lock`), so every command takes it the
/// same way: the runner takes it before the plan is made, and only when the mode applies.
package struct PlanJob {
    /// Words for the lock's owner file and messages, e.g. `repo use` or `setup`.
    var purpose: String
    /// Set when the plan must be made and applied while holding a lock (spec-repo changes: `Spec_Lock`).
    package var lock: (any JobLock)?
    /// Computes the plan from the current state; called once, under the lock when there is one.
    package var make: (ApplyContext) throws -> Plan
    /// Checks that must pass before the lock is taken when applying (e.g. `setup`'s mirror probe), so
    /// a refusal leaves the repos dir untouched.
    package var preflight: ((ApplyContext) throws -> Void)?

    package init(purpose: String, lock: (any JobLock)? = nil, make: @escaping (ApplyContext) throws -> Plan) {
        self.purpose = purpose
        self.lock = lock
        self.make = make
    }

    /// A job for a plan already made, that needs no lock.
    package init(_ plan: Plan) {
        self.init(purpose: plan.title) { _ in plan }
    }
}

extension PlanRunner {
    /// Makes and runs a job. Applying holds the job's lock while the plan is made and run; dry
    /// run and check only read, without the lock.
    package func run(_ job: PlanJob, mode: RunMode) throws -> PlanReport {
        var held: (any HeldJobLock)?
        if mode == .apply { try job.preflight?(context) }
        if mode == .apply, let requirement = job.lock {
            held = try requirement.acquire(purpose: job.purpose, cancellation: context.cancellation)
        }
        defer { held?.release() }
        return try run(job.make(context), mode: mode)
    }
}
