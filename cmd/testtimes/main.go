// Command testtimes keeps the test suite's times (issue 39): where `make
// test` spends its minutes, printed at the end of every run, so growth is
// seen when it happens.
//
//	go test -json … | testtimes go DIR   prints what `go test` would print
//	                                     (package lines, the output of failed
//	                                     tests) and appends each test's and
//	                                     package's time to DIR/go.jsonl; exits 1
//	                                     when a test or build failed
//	testtimes report DIR                 prints the phases' times (DIR/phases,
//	                                     lines "name unix-seconds" stamped after
//	                                     each phase, after a "start" stamp),
//	                                     the slowest packages and Go tests and
//	                                     the slowest vitest files
//	                                     (DIR/vitest.json, vitest's json reporter)
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 3 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "go":
		var failed bool
		failed, err = convert(os.Stdin, os.Stdout, os.Args[2])
		if err == nil && failed {
			os.Exit(1)
		}
	case "report":
		err = report(os.Stdout, os.Args[2])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "testtimes:", err)
		os.Exit(2)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go test -json … | testtimes go DIR\n       testtimes report DIR")
	os.Exit(2)
}
