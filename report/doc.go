// Package report renders the harness's results for people and for machines: a campaign
// ([campaign.Report]), a corpus replay ([Replay]) and the mutation-kill matrix
// ([FaultMatrix]), each as an aligned text table, as JSON, as JUnit XML for a CI's test
// view (one testcase per property or scenario, checked against a strict JUnit schema, every
// character XML forbids escaped), or as one self-contained HTML page that draws each
// counterexample as the boards it went through ([Tracer] replays it on an engine).
//
// Every renderer is deterministic: rows are sorted (by ruling ID, then property ID or
// path), JSON keys come out in struct order, and nothing that depends on wall time is
// written except the fault matrix's time-to-catch column, which exists to be a timing.
//
// A vacuous property (its situation never reached, so it proved nothing) is rendered as a
// failure in JUnit, so that a CI gate reading the XML fails on it as the CLI's exit code
// does.
package report
