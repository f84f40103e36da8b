package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCopyOfIsTheCopiedName: an object expectation's copy_of is the name the copy effects
// give the object (CR 707.2): for a Clone copying a Mirage Mirror that copies Grizzly
// Bears, "Grizzly Bears", what the Mirror copies (707.3), not "Mirage Mirror"; "" for an
// object that copies nothing. A label is no name: it is an input error at its line.
func TestCopyOfIsTheCopiedName(t *testing.T) {
	const head = `format: 1
ruling: copy.of-a-copy
title: copy_of
setup:
  turn: 2
  active: A
  step: main1
  A:
    battlefield:
      - {card: Grizzly Bears, label: bears}
      - {card: Mirage Mirror, label: mirror, copying: [bears]}
      - {card: Clone, label: clone, copying: [mirror]}
expect:
`
	_, replay := refReplayer(t, "copy.yaml", head)

	res := replay(`  - object: {card: clone, copy_of: Grizzly Bears, name: Grizzly Bears}
  - object: {card: mirror, copy_of: Grizzly Bears}
  - object: {card: bears, copy_of: ""}
`)
	assert.True(t, res.Passed, "%v", res.Failures)

	res = replay("  - object: {card: clone, copy_of: Mirage Mirror}\n")
	assert.Equal(t, []string{`copy.yaml:14: expected clone's copy source "Mirage Mirror", got "Grizzly Bears"`}, res.Failures)

	_, err := refVocab().Parse("copy.yaml", []byte(head+"  - object: {card: clone, copy_of: mirror}\n  - object: {card: clone, copy_of: Grizly Bears}\n"))
	assert.EqualError(t, err, `copy.yaml:14:36: object copy_of: "mirror" is a label (of Mirage Mirror); copy_of is the name of what the object is a copy of, as its copy effects give it (CR 707.2, 707.3)
copy.yaml:15:36: object copy_of: "Grizly Bears" is no card of the pool (did you mean Grizzly Bears?)`)
}
