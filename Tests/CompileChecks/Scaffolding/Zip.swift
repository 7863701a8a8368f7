// What Zip.md's code blocks use without declaring it (see .ci/compile-checks).
import Signal

let a = [1, 2].publisher
let b = ["x", "y"].publisher
let c = [true, false].publisher
let first = [1, 2].publisher
let second = [3, 4].publisher
let third = [5, 6].publisher
