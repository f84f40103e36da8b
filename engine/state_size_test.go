package engine

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStateFitsItsSizeClass: every step allocates a state or two (clone) and a few Views
// (view.of), so a field that pushes state past 768 bytes or view past 288 makes each take
// the next allocation size class (896, 320).
func TestStateFitsItsSizeClass(t *testing.T) {
	assert.LessOrEqual(t, reflect.TypeFor[state]().Size(), uintptr(768), "State grew past the 768-byte size class: reorder or shrink its fields")
	assert.LessOrEqual(t, reflect.TypeFor[view]().Size(), uintptr(288), "View grew past the 288-byte size class: reorder or shrink its fields")
}
