package engine

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStateFitsItsSizeClass: every step allocates a State or two (clone), so a field that
// pushes it past 768 bytes makes every clone take the next allocation size class, 896.
func TestStateFitsItsSizeClass(t *testing.T) {
	assert.LessOrEqual(t, reflect.TypeFor[State]().Size(), uintptr(768), "State grew past the 768-byte size class: reorder or shrink its fields")
}
