"""Rules engines, one module per rule family, and the variant registry (`registry`): a variant's data
file names its engine (`engine = "catchup"`), which `registry.engine_class` imports on first use.

Adding a variant that plays like an existing one needs only a data file in `variants/`; a variant
with new rules adds an engine class here (one module per rule family) and its key to
`registry.ENGINE_PATHS`.
"""
