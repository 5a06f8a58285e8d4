"""The replay viewer: a record's data for it (`viewdata`) and its self-contained HTML page (`html`)."""
