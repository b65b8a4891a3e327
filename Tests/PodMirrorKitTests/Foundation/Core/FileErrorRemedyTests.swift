import Foundation
@testable import PodMirrorFoundation
import XCTest

/// A write refused with EPERM (a gemrc in a sticky folder someone else owns, or an immutable file) explains the
/// rename podmirror makes, instead of a bare "Operation not permitted".
final class FileErrorRemedyTests: XCTestCase {
    func testAnEPERMWriteExplainsTheRename() {
        let error = FileError.errno("/tmp/shared/.gemrc", .write, EPERM)
        XCTAssertTrue(error.message.contains("not permitted"), error.message)
        let remedy = error.remedy ?? ""
        XCTAssertTrue(remedy.contains("renaming a new copy over it"), remedy)
        XCTAssertTrue(remedy.contains("sticky"), remedy)
        XCTAssertTrue(remedy.contains("/tmp/shared/.gemrc"), remedy)
        XCTAssertEqual(FileError.errno("/x", .write, EACCES).remedyText?.key, "file.error.permission.remedy")
    }
}
