"""What the user types and clicks before it becomes a command: the control column's widgets,
the one-line prompt, and parsing a typed board size."""
