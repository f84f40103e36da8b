package port

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// StartError is a port that could not be started: its command did not run, or it exited,
// hung (past Options.StartTimeout) or answered wrongly before the handshake was done. No
// case ran on it; the CLI gives it an exit code of its own.
type StartError struct {
	Command string
	Err     error
}

func (e *StartError) Error() string {
	return fmt.Sprintf("the port %q could not be started: %v", e.Command, e.Err)
}

func (e *StartError) Unwrap() error { return e.Err }

// process is one run of a port's command: its pipes, a reader of its answer lines, and
// the tail of its stderr.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan lineOrErr
	stderr *tail
	exited chan struct{} // closed once the process has been waited for
	status error         // its exit status, once exited is closed
	quit   chan struct{} // closed when nobody reads lines any more
	once   sync.Once
}

type lineOrErr struct {
	line []byte
	err  error
}

// maxLine bounds one message: a snapshot of a large board is well below it.
const maxLine = 64 << 20

// spawn starts command (a shell command line: "node examples/node/engine.js") in dir, in a
// process group of its own so that everything it starts can be killed with it.
func spawn(command, dir string) (*process, error) {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p := &process{cmd: cmd, lines: make(chan lineOrErr, 16), stderr: &tail{max: 16 << 10}, exited: make(chan struct{}), quit: make(chan struct{})}
	cmd.Stderr = p.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %q: %w", command, err)
	}
	p.stdin = stdin
	go p.read(stdout)
	return p, nil
}

// read forwards stdout line by line until it ends, then reaps the process.
func (p *process) read(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 1<<16)
	for {
		line, err := readLine(r)
		if len(line) > 0 {
			select {
			case p.lines <- lineOrErr{line: line}:
			case <-p.quit:
			}
		}
		if err != nil {
			p.status = p.cmd.Wait()
			close(p.exited)
			select {
			case p.lines <- lineOrErr{err: err}:
			case <-p.quit:
			}
			close(p.lines)
			return
		}
	}
}

// readLine reads up to a newline, refusing lines longer than maxLine.
func readLine(r *bufio.Reader) ([]byte, error) {
	var out []byte
	for {
		chunk, err := r.ReadSlice('\n')
		out = append(out, chunk...)
		if len(out) > maxLine {
			return out[:200], fmt.Errorf("a line longer than %d bytes", maxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return out, err
	}
}

// kill ends the process group and waits (a bounded time) for the process to be reaped.
func (p *process) kill() {
	p.once.Do(func() { close(p.quit) })
	p.stdin.Close()
	if p.cmd.Process != nil {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
}

// stop asks the process to end by closing its stdin, waits up to grace, then kills it.
func (p *process) stop(grace time.Duration) {
	p.stdin.Close()
	select {
	case <-p.exited:
		p.once.Do(func() { close(p.quit) })
		if p.cmd.Process != nil { // whatever it started goes too
			syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		}
	case <-time.After(grace):
		p.kill()
	}
}

// exitText describes how the process ended, for error messages.
func (p *process) exitText() string {
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		return "still running"
	}
	var ee *exec.ExitError
	switch {
	case p.status == nil:
		return "exited with status 0"
	case errors.As(p.status, &ee):
		return ee.ProcessState.String()
	}
	return p.status.Error()
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimRight(string(t.buf), "\n")
}
