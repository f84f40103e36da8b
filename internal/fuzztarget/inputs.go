package fuzztarget

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// GoFuzzHeader is the first line of the files go test keeps fuzz inputs in (a failing
// input under testdata/fuzz/FuncName/, the cached corpus).
const GoFuzzHeader = "go test fuzz v1"

// IsGoFuzzFile reports whether data is a go test fuzz file rather than a raw input.
func IsGoFuzzFile(data []byte) bool {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	return string(bytes.TrimSuffix(first, []byte("\r"))) == GoFuzzHeader
}

// ParseGoFuzzFile reads the one []byte value of a go test fuzz file, as go test does: the
// header line, then the value as a Go expression, []byte("..."). An error names the line
// and what was expected there.
func ParseGoFuzzFile(data []byte) ([]byte, error) {
	if !IsGoFuzzFile(data) {
		return nil, fmt.Errorf("line 1: want %q", GoFuzzHeader)
	}
	var values [][]byte
	for i, line := range bytes.Split(data, []byte("\n"))[1:] {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		v, err := byteSlice(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v: want []byte(\"...\"), the input of a fuzz target taking one []byte", i+2, err)
		}
		values = append(values, v)
	}
	if len(values) != 1 {
		return nil, fmt.Errorf("%d values: want one []byte(\"...\") line after %q", len(values), GoFuzzHeader)
	}
	return values[0], nil
}

// byteSlice parses []byte("...").
func byteSlice(line []byte) ([]byte, error) {
	expr, err := parser.ParseExprFrom(token.NewFileSet(), "", line, 0)
	if err != nil {
		return nil, fmt.Errorf("not a Go expression")
	}
	call, ok := expr.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, fmt.Errorf("not a conversion")
	}
	typ, ok := call.Fun.(*ast.ArrayType)
	if !ok || typ.Len != nil {
		return nil, fmt.Errorf("not a []byte")
	}
	if elt, ok := typ.Elt.(*ast.Ident); !ok || elt.Name != "byte" {
		return nil, fmt.Errorf("not a []byte")
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, fmt.Errorf("not a string literal")
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// GoFuzzFile is data as a go test fuzz file, what go test writes and reads.
func GoFuzzFile(data []byte) []byte {
	return fmt.Appendf(nil, "%s\n[]byte(%q)\n", GoFuzzHeader, data)
}

// ToLibFuzzer is the raw libFuzzer input that gives a target data. go-118-fuzz-build
// turns a native target into a libFuzzer one by drawing each argument of the fuzz
// function from the raw input with go-fuzz-headers: a []byte is a 4-byte big-endian
// length, then that many bytes. (A length of 0 means 30, and an input with no bytes after
// it runs nothing, so no data is the one-byte input 0, which is the same case.)
func ToLibFuzzer(data []byte) []byte {
	if len(data) == 0 {
		data = []byte{0}
	}
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(data))), data...)
}

// FromLibFuzzer is the data a target gets from the raw libFuzzer input raw, as
// go-fuzz-headers' GetBytes draws it: a length L from the first 4 bytes (big-endian, 0
// meaning 30), then the next L bytes, L taken modulo what is left when it is not exactly
// that. An input too short for that runs nothing: then ok is false.
func FromLibFuzzer(raw []byte) (data []byte, ok bool) {
	if len(raw) <= 4 {
		return nil, false
	}
	n, rest := binary.BigEndian.Uint32(raw), raw[4:]
	if n == 0 {
		n = 30
	}
	if left := uint32(len(rest)); n != left {
		n %= left
	}
	return rest[:n], true
}

// ReadInput is the data of a crashing input file: a go test fuzz file's value, or a raw
// libFuzzer input's (FromLibFuzzer).
func ReadInput(file []byte) ([]byte, error) {
	if IsGoFuzzFile(file) {
		return ParseGoFuzzFile(file)
	}
	data, ok := FromLibFuzzer(file)
	if !ok {
		return nil, fmt.Errorf("a raw input of %d bytes gives a fuzz target nothing: go-118-fuzz-build needs a 4-byte length and at least one byte after it (or give a %q file)",
			len(file), strings.TrimSpace(GoFuzzHeader))
	}
	return data, nil
}
