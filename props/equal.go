package props

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// sameTree reports whether two values of the same type are equal, treating nil and empty
// slices and maps as equal (like cmpopts.EquateEmpty). It is reflect.DeepEqual for trees
// of plain data such as Snapshots and Events, without DeepEqual's bookkeeping of visited
// pointers, which dominates its cost on them; values with cycles must not be given to it.
func sameTree(a, b any) bool {
	return equalValues(reflect.ValueOf(a), reflect.ValueOf(b))
}

func equalValues(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return equalValues(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !equalValues(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !equalValues(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			v := b.MapIndex(k)
			if !v.IsValid() || !equalValues(a.MapIndex(k), v) {
				return false
			}
		}
		return true
	}
	// Funcs, channels and the like aren't data: compare as DeepEqual does.
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// snapDiff is cmp.Diff of two snapshots, nil and empty slices and maps counting as equal;
// "" when they are the same.
func snapDiff(want, got harness.Snapshot) string {
	if sameTree(want, got) { // the fast, usual case; cmp.Diff is for the message
		return ""
	}
	return clip(cmp.Diff(want, got, cmpopts.EquateEmpty()))
}

// clip keeps a diff readable in a report: its first 40 lines.
//
// go-cmp's output is deliberately unstable (it sometimes indents with non-breaking
// spaces); a violation message must be the same on every run, so those become spaces.
func clip(d string) string {
	d = strings.ReplaceAll(d, "\u00a0", " ")
	lines := strings.Split(d, "\n")
	if len(lines) <= 40 {
		return d
	}
	return strings.Join(lines[:40], "\n") + fmt.Sprintf("\n... (%d more lines)", len(lines)-40)
}
