"""The reading model: what an answer finally commits to for each part.

`rules` holds the decision rules, small named functions tried in a fixed order over the
mentions of one part; the first that applies decides the part, and its name is the
`rule` every `PartGrade` carries (mentors see it as the evidence of the grading).
"""
