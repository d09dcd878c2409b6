// The `inbetween` command: parse, dispatch, and turn errors into `inbetween: ...` text and an
// exit status (0 ok, 1 error, 2 usage) in one place.
import Foundation
import Inbetween

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
