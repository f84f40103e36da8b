package port

// PID is the process ID of c's port, for tests that check it is reaped.
func PID(c *Client) int { return c.proc.cmd.Process.Pid }
