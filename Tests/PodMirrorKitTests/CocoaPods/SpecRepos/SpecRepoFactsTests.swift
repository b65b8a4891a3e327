import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import XCTest

/// The `details` keys of spec repo changes are docs/json.md's contract: a fact that is not known is `null` where
/// the contract lists the key, and the key is left out where it only sometimes applies.
final class SpecRepoFactsTests: XCTestCase {
    func json(_ facts: any ChangeFacts) throws -> JSONValue { try JSONValue.encoding(facts) }

    func testACloneSaysWhereAndHowAndRepoUseSaysItReplacesNothing() throws {
        var clone = SpecRepoCloneFacts(name: "specs", url: "https://m/Specs.git", path: "/r/specs", branch: nil)
        XCTAssertEqual(
            try json(clone),
            ["name": "specs", "url": "https://m/Specs.git", "path": "/r/specs", "branch": .null, "method": "clone"])
        clone.via = "https://mirror/Specs.git"
        clone.replacesNothing = true
        XCTAssertEqual(
            try json(clone),
            [
                "name": "specs", "url": "https://m/Specs.git", "path": "/r/specs", "branch": .null, "method": "clone",
                "via": "https://mirror/Specs.git", "oldHead": .null, "previousName": .null, "previousURL": .null,
            ])
        XCTAssertEqual(
            try json(SpecRepoClonedFacts(head: "a", branch: "master")),
            ["head": "a", "newHead": "a", "branch": "master"])
        XCTAssertEqual(
            try json(SpecRepoClonedFacts(head: "a", branch: "master", method: .bundle)),
            ["head": "a", "newHead": "a", "tip": "a", "branch": "master", "method": "bundle"])
        XCTAssertEqual(
            try json(SpecRepoClonedFacts(head: "a", branch: "master", method: .clone, bundleError: "bad pack")),
            ["head": "a", "newHead": "a", "branch": "master", "method": "clone", "bundleError": "bad pack"])
    }

    func testARepoAlreadyAsAskedListsOnlyTheKeysOfItsCommand() throws {
        let use = SpecRepoUnchangedFacts(name: "specs", url: nil, oldHead: "a", newHead: "a")
        XCTAssertEqual(
            try json(use), ["name": "specs", "url": .null, "method": "none", "oldHead": "a", "newHead": "a"])
        let add = SpecRepoUnchangedFacts(
            name: "specs", url: "u", oldHead: nil, newHead: nil, path: "/r/specs",
            branch: NullWhenAbsent(wrappedValue: nil))
        XCTAssertEqual(
            try json(add),
            [
                "name": "specs", "url": "u", "method": "none", "oldHead": .null, "newHead": .null, "path": "/r/specs",
                "branch": .null,
            ])
    }

    func testASwitchToANewCloneHasNoPreviousRepoAndAMoveBackIsSaidOnlyWhenItHappened() throws {
        var done = SpecRepoSwitchedFacts(
            method: .clone, oldHead: nil, newHead: "b", previousName: nil, previousURL: nil)
        XCTAssertEqual(
            try json(done),
            ["method": "clone", "oldHead": .null, "newHead": "b", "previousName": .null, "previousURL": .null])
        done.method = .repoint
        done.movedBack = true
        done.commitsBack = 2
        XCTAssertEqual(try json(done)["movedBack"], true)
        XCTAssertEqual(try json(done)["commitsBack"], 2)
        XCTAssertEqual(try json(SearchIndexFacts(searchIndexRemoved: true)), ["searchIndexRemoved": true])
    }

    func testTrunkSaysTheMirrorsTipOnlyForATrunkPodmirrorMadeAndNullWhenTheBranchIsGone() throws {
        let state = TrunkState(path: "/r/trunk", origin: .absent)
        var facts = TrunkPlanFacts(url: "u", path: "/r/trunk", trunk: state)
        XCTAssertNil(try json(facts)["tip"])
        facts.tip = .some(nil)
        XCTAssertEqual(try json(facts)["tip"], .null)
        facts.tip = "c"
        XCTAssertEqual(try json(facts)["tip"], "c")
        XCTAssertEqual(
            try json(facts)["trunk"],
            ["path": "/r/trunk", "origin": "absent", "url": nil, "commit": nil, "branch": nil] as JSONValue)
    }

    func testEveryRemovedObjectListsEveryKey() throws {
        let removed = RemovedObject(
            id: "1", isa: "PBXGroup", name: nil, target: nil, reason: "empty-pods-group", beyondCocoaPods: false)
        XCTAssertEqual(
            try json(XcodeprojDeintegrateFacts(removedObjects: [removed], format: "openstep")),
            [
                "removedObjects": [
                    [
                        "id": "1", "isa": "PBXGroup", "name": .null, "target": .null, "reason": "empty-pods-group",
                        "beyondCocoaPods": false,
                    ]
                ],
                "format": "openstep",
            ])
    }
}
