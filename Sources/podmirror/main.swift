import PodMirrorCLI

PodmirrorMain.main()
