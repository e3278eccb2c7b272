"""The kit files shipped with pnpkit, one YAML file per game."""
