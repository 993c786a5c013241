"""Fellowship of the Ring in the widget family: the ring of stacks."""
