from pnpkit.launch import main

main()
