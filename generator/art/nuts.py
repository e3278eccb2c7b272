"""(drawings to come)"""
