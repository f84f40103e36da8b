package port

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// messageFields lists, for each operation, the fields of its request and of its answer
// (besides id, op and error), the required ones marked with "!".
var messageFields = []struct {
	op                string
	request, response []string
}{
	{OpHandshake, []string{"versions!", "faults", "cards"}, []string{"version!", "engine!", "engine_version", "supports", "faults"}},
	{OpStart, []string{"setup!", "want"}, []string{"state!", "objects", "snapshot", "legal"}},
	{OpLegal, []string{"state!", "then"}, []string{"legal!", "objects", "then"}},
	{OpApply, []string{"state!", "action!", "want", "then"}, []string{"state!", "events", "objects", "snapshot", "legal", "then"}},
	{OpObserve, []string{"state!", "then"}, []string{"objects", "snapshot!", "then"}},
	{OpManaOutcomes, []string{"state!", "card!", "ability", "then"}, []string{"outcomes!", "objects", "then"}},
	{OpCouldProduce, []string{"state!", "card!", "then"}, []string{"types!", "objects", "then"}},
	{OpSBAChecks, []string{"state!", "action!", "then"}, []string{"checks!", "objects", "then"}},
	{OpPlayerView, []string{"state!", "viewer!", "then"}, []string{"view!", "objects", "then"}},
	{OpReset, nil, nil},
	{OpClose, nil, nil},
}

// Schemas returns a JSON Schema (draft 2020-12) for every message of the protocol, by file
// name: "<op>.request.schema.json" and "<op>.response.schema.json", and "error.schema.json"
// for an error answer. They are generated from the Go types, so they can't drift from what
// the harness sends and reads.
func Schemas() map[string][]byte {
	g := &schemaGen{defs: map[string]any{}}
	reqProps := g.fields(reflect.TypeOf(Request{}))
	reqProps["then"] = map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/Then"},
		"description": "version 2: requests to answer too once this one is answered, in order, in the answer's then"}
	g.defs["Then"].(map[string]any)["properties"].(map[string]any)["op"] = map[string]any{"enum": thenOps}
	respProps := g.fields(reflect.TypeOf(Response{}))
	g.compactForms(respProps)
	g.compactForms(g.defs["Response"].(map[string]any)["properties"].(map[string]any))
	out := map[string][]byte{}
	for _, m := range messageFields {
		out[m.op+".request.schema.json"] = g.message(fmt.Sprintf("The %s request.", m.op), reqProps, m.request, map[string]any{"const": m.op})
		out[m.op+".response.schema.json"] = g.message(fmt.Sprintf("The answer to a %s request.", m.op), respProps, m.response, nil)
	}
	out["error.schema.json"] = g.message("The answer to a request that failed.", respProps, []string{"error!"}, nil)
	return out
}

type schemaGen struct{ defs map[string]any }

// compactForms gives the properties of an answer the forms version 2 adds: a snapshot may
// be compact (its zones list object keys), and "objects" carries the objects it sends
// with their keys (compact.go).
func (g *schemaGen) compactForms(props map[string]any) {
	props["snapshot"] = map[string]any{
		"description": "version 1: a Snapshot; version 2: a CompactSnapshot, whose zones list the keys of objects",
		"anyOf":       []any{g.schema(reflect.TypeOf(harness.Snapshot{})), g.schema(reflect.TypeOf(CompactSnapshot{}))},
	}
	props["objects"] = map[string]any{"type": "array", "items": g.schema(reflect.TypeOf(KeyedObject{})),
		"description": "version 2: the objects of this answer's snapshots not sent before in this scenario, each with its key"}
}

func (g *schemaGen) message(title string, all map[string]any, fields []string, op any) []byte {
	props := map[string]any{"id": all["id"]}
	required := []string{"id"}
	if op != nil {
		props["op"] = op
		required = append(required, "op")
	}
	for _, f := range fields {
		name, req := strings.CutSuffix(f, "!")
		props[name] = all[name]
		if req {
			required = append(required, name)
		}
	}
	s := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, "type": "object",
		"properties": props, "required": required, "$defs": g.defs,
		"description": "One JSON object on one line. Fields not listed here are ignored by receivers.",
	}
	b, _ := json.MarshalIndent(s, "", "  ")
	return append(b, '\n')
}

// ActionKinds are the kinds of action of the protocol (harness.ActionKind), in the order
// the protocol's documentation lists them; a test checks it against package harness.
var ActionKinds = []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Cast, harness.Activate,
	harness.Pay, harness.Cancel, harness.Choose, harness.Attack, harness.Block, harness.TurnFaceUp}

var textMarshaler = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()

// fields is the properties of a struct type, by JSON name.
func (g *schemaGen) fields(t reflect.Type) map[string]any {
	props := map[string]any{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" {
			for k, v := range g.fields(f.Type) {
				props[k] = v
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		props[name] = g.schema(f.Type)
		if f.Type.Kind() == reflect.Slice && !strings.Contains(tag, ",omitempty") {
			props[name] = map[string]any{"anyOf": []any{props[name], map[string]any{"type": "null"}}}
		}
	}
	return props
}

// schema is the JSON Schema of values of type t.
func (g *schemaGen) schema(t reflect.Type) any {
	switch t {
	case reflect.TypeOf(harness.Mana{}):
		return map[string]any{"type": "string", "description": `mana in symbols, WUBRG then C: "{G}{G}", "{}" for none`}
	case reflect.TypeOf(harness.Player(0)):
		return map[string]any{"enum": []string{"A", "B", "-"}, "description": `a player; "-" is nobody`}
	case reflect.TypeOf(harness.ActionKind("")):
		return map[string]any{"enum": ActionKinds}
	case reflect.TypeOf(harness.Step("")):
		steps := make([]string, len(harness.Steps))
		for i, s := range harness.Steps {
			steps[i] = string(s)
		}
		return map[string]any{"enum": steps}
	}
	if t.Implements(textMarshaler) {
		return map[string]any{"type": "string"}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return g.schema(t.Elem())
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64, reflect.Uint8, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Struct:
		name := t.Name()
		if _, ok := g.defs[name]; !ok {
			g.defs[name] = true // placeholder against recursion
			g.defs[name] = map[string]any{"type": "object", "properties": g.fields(t)}
		}
		return map[string]any{"$ref": "#/$defs/" + name}
	case reflect.Interface:
		return map[string]any{}
	}
	panic("port: no schema for " + t.String())
}
