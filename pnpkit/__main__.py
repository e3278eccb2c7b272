from pnpkit.cli import main

main()
