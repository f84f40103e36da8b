package port_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
)

// The test binary doubles as the ports under test: with PORT_TEST_MODE set it serves the
// reference engine on stdin/stdout, misbehaving as the mode says, instead of running tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv("PORT_TEST_MODE"); mode != "" {
		os.Exit(servePort(mode))
	}
	os.Exit(m.Run())
}

// portCommand is the command line of a test port in mode.
func portCommand(mode string) string {
	return fmt.Sprintf("PORT_TEST_MODE=%s %s", mode, os.Args[0])
}

// Misbehaviours: each acts on the first apply request, after a correct handshake and start.
const (
	modeServe   = "serve"   // a correct port
	modeCrash   = "crash"   // exits with status 3, saying why on stderr
	modeHang    = "hang"    // never answers
	modeGarbage = "garbage" // answers with a line that is not JSON
	modeOrder   = "order"   // answers with the id of another request
	modeVersion = "version" // answers the handshake with protocol version 99
	modeV1      = "v1"      // a correct port that speaks only protocol version 1
)

func servePort(mode string) int {
	opts := port.ServeOptions{
		Engine:    func(faults []string) (harness.Engine, error) { return engine.New(engine.Options{Faults: faults}) },
		Faults:    faultNames(),
		GCPercent: port.ServeGCPercent,
	}
	switch mode {
	case modeV1:
		opts.Versions = []int{1}
		mode = modeServe
	}
	if path := os.Getenv("PORT_TEST_TRACE"); path != "" { // the transcript, for counting requests
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer f.Close()
		opts.Trace = f
	}
	if mode == modeServe {
		// PORT_TEST_CPUPROFILE=FILE profiles the port's side of BenchmarkCases.
		if f := os.Getenv("PORT_TEST_CPUPROFILE"); f != "" {
			out, _ := os.Create(f)
			pprof.StartCPUProfile(out)
			defer pprof.StopCPUProfile()
		}
		if err := port.Serve(os.Stdin, os.Stdout, opts); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	}
	// A misbehaving port passes requests to Serve until the one where it misbehaves.
	toServe, feed := io.Pipe()
	go port.Serve(toServe, os.Stdout, opts)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	for in.Scan() {
		line := in.Text()
		var req port.Request
		json.Unmarshal([]byte(line), &req)
		switch {
		case mode == modeVersion && req.Op == port.OpHandshake:
			fmt.Printf(`{"id":%d,"version":99,"engine":"future"}`+"\n", req.ID)
			continue
		case req.Op != port.OpApply:
		case mode == modeCrash:
			fmt.Fprintln(os.Stderr, "fatal: the port fell over while applying an action")
			return 3
		case mode == modeHang:
			time.Sleep(time.Hour)
		case mode == modeGarbage:
			fmt.Println("hello, I am not JSON")
			continue
		case mode == modeOrder:
			fmt.Printf(`{"id":%d,"state":1}`+"\n", req.ID+7)
			continue
		}
		fmt.Fprintln(feed, line)
	}
	return 0
}

func faultNames() []port.Fault {
	var out []port.Fault
	for _, f := range engine.Faults() {
		out = append(out, port.Fault(f))
	}
	return out
}
