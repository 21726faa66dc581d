"""Forms shared by the pages and the REST API: one place that says what a valid input is."""
