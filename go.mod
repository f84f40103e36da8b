module github.com/mtgfuzz/mtgfuzz

go 1.26.0

require (
	github.com/goccy/go-json v0.10.5
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/term v0.48.0
	pgregory.net/rapid v1.3.0
)

require golang.org/x/sys v0.50.0 // indirect
